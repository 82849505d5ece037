import { describe, expect, it } from 'vitest';
import { uiTexts } from '../../src/ui/texts/index.js';
import { statusBody, type StatusView } from '../../src/ui/views/status.js';

const profile: StatusView['profile'] = {
  name: 'default',
  baseUrl: 'http://127.0.0.1:8080',
  accessKeyId: undefined,
  secretFrom: 'none',
};
const queueOf = (body: string) => /<dd id="queue">([^<]*)<\/dd>/.exec(body)?.[1];

describe('the Connection page', () => {
  it('says a trouble once: the queue shows none of what the credentials or health lines already say', () => {
    const none = {
      code: 'no_credentials',
      values: { detail: 'profile "default" does not exist and INTAKE_ACCESS_KEY_ID is not set' },
    } as const;
    const unreachable = {
      code: 'unreachable',
      values: { url: 'http://127.0.0.1:8080', reason: 'connection refused' },
    } as const;
    for (const lang of ['en', 'ko'] as const) {
      const t = uiTexts(lang);
      const noKeys = statusBody(t, {
        profile,
        credentials: { error: none },
        health: unreachable,
        merchant: undefined,
        queue: none,
      });
      expect(queueOf(noKeys)).toBe('—');
      const down = statusBody(t, {
        profile,
        credentials: { error: unreachable },
        health: unreachable,
        merchant: undefined,
        queue: unreachable,
      });
      expect(queueOf(down)).toBe('—');
      // A trouble of the queue's own is said.
      const refused = { code: 'service_refused', values: { status: 503, detail: 'busy' } } as const;
      const own = statusBody(t, {
        profile,
        credentials: { valid: true, reason: '' },
        health: 'available',
        merchant: 'mall-1',
        queue: refused,
      });
      expect(queueOf(own)).not.toBe('—');
      expect(queueOf(own)).toContain('503');
      expect(
        queueOf(
          statusBody(t, {
            profile,
            credentials: { valid: true, reason: '' },
            health: 'available',
            merchant: 'mall-1',
            queue: 1234,
          }),
        ),
      ).toBe('1,234');
    }
  });
});
