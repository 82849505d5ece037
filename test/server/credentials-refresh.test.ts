import { describe, expect, it } from 'vitest';
import { AUTH_DETAILS, basicAuthorization } from '../../src/contract/index.js';
import { MerchantDirectory, type Authentication } from '../../src/server/merchants.js';
import { openTestStore } from '../helpers/engines.js';

const header = (accessKeyId: string, secretAccessKey: string) =>
  basicAuthorization({ accessKeyId, secretAccessKey });
const detailOf = async (answer: Authentication | Promise<Authentication>) => {
  const result = await answer;
  return result.ok ? 'ok' : result.detail;
};

describe('credentials changed by another process on the same database', () => {
  it('stop working here once this process reads the merchants again', async () => {
    // One database (this project's engine) for both directories.
    const store = await openTestStore();
    try {
      // Two directories on one database: what two processes of intake serve hold.
      const here = await MerchantDirectory.open(store, 3);
      const there = await MerchantDirectory.open(store, 3);
      await here.provision(
        { merchantId: 'mall-1', accessKeyId: 'AKMALL1', secretAccessKey: 'old-secret' },
        0,
      );
      await here.refresh();
      const old = header('AKMALL1', 'old-secret');
      expect(await detailOf(here.authenticate(old))).toBe('ok');
      // Verified once, then answered from memory without hashing again.
      const hashes = here.hashes;
      expect(await detailOf(here.authenticate(old))).toBe('ok');
      expect(here.hashes).toBe(hashes);

      await there.provision({ merchantId: 'mall-1', secretAccessKey: 'new-secret' }, 0);
      // Until it reads the merchants again, this process still knows the old pair.
      expect(await detailOf(here.authenticate(old))).toBe('ok');
      await here.refresh();
      expect(await detailOf(here.authenticate(old))).toBe(AUTH_DETAILS.wrongSecret);
      expect(await detailOf(here.authenticate(header('AKMALL1', 'new-secret')))).toBe('ok');

      // A new access key id: the old one is unknown here after the next read.
      await there.provision({ merchantId: 'mall-1', accessKeyId: 'AKMALL1B' }, 0);
      const current = header('AKMALL1', 'new-secret');
      expect(await detailOf(here.authenticate(current))).toBe('ok');
      await here.refresh();
      expect(await detailOf(here.authenticate(current))).toBe(AUTH_DETAILS.unknownKey);
      expect(await detailOf(here.authenticate(header('AKMALL1B', 'new-secret')))).toBe('ok');

      // Nothing changed: what was verified stays verified.
      const verified = here.hashes;
      await here.refresh();
      expect(await detailOf(here.authenticate(header('AKMALL1B', 'new-secret')))).toBe('ok');
      expect(here.hashes).toBe(verified);
    } finally {
      await store.close();
    }
  });
});
