import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { usePrivateKeyring } from '../helpers/private-keyring.js';
import { tempDir } from '../helpers/temp.js';

/**
 * Marketplace keys kept in a keychain that is locked since: support reads "could not be read" with what
 * to do, never "not set up" (which would send them to enter keys they have). The keychain is a Secret
 * Service of this file's own, so that locking it touches no other test's.
 */
const t = useService({ startWorker: false });
const keychainEnv = {
  INTAKE_SECRET_STORAGE: 'keychain',
  INTAKE_KEYCHAIN_SERVICE: `intake-cli-locked-status-${process.pid}`,
};
const { runs, keyring } = usePrivateKeyring(keychainEnv);

describe.skipIf(!runs)('marketplace keys in a keychain locked since they were kept', () => {
  it('status says the keychain could not be read (exit 1), auth status too, and a pull stops saying so', async () => {
    const env = {
      ...t.env,
      ...keychainEnv,
      INTAKE_COUPANG_BASE_URL: `${t.service.baseUrl}/coupang`,
      INTAKE_CONFIG_DIR: tempDir('intake-config-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    };
    const login = await cli(
      [
        ...['marketplace', 'login', 'coupang', '--vendor-id', 'A00012345', '--access-key', 'k'],
        ...['--secret-stdin', '--key-issued', '2026-11-01', '--no-verify'],
      ],
      { env, stdin: 'secret' },
    );
    expect(login.code, login.stderr).toBe(0);
    const kept = await cli(['marketplace', 'status', '--no-check', '--json'], { env });
    expect(kept.json()).toContainEqual(
      expect.objectContaining({
        marketplace: 'coupang',
        state: 'not_checked',
        credentials: 'the Secret Service (D-Bus)',
      }),
    );

    keyring().lock();
    const status = await cli(['marketplace', 'status', '--no-check', '--json'], { env });
    expect(status.code).toBe(1);
    const coupang = (status.json() as { marketplace: string }[]).find((row) => row.marketplace === 'coupang');
    expect(coupang).toMatchObject({
      state: 'keychain_unreadable',
      credentials: null,
      message: expect.stringMatching(/^the Secret Service \(D-Bus\) could not be read: .*unlock/),
    });
    // Those with nothing kept are still "not set up": the keychain answers "nothing there" for them.
    expect(status.json()).toContainEqual(
      expect.objectContaining({ marketplace: 'naver', state: 'no_credentials' }),
    );
    expect(status.stderr).toContain('Unlock it and try again; what it keeps is unchanged.');
    const piped = await cli(['marketplace', 'status', '--no-check'], { env });
    expect(piped.stdout).toMatch(/^Coupang Wing\tunknown\t.+\tkeychain_unreadable$/m);

    const korean = await cli(['marketplace', 'status', '--no-check'], {
      env: { ...env, LANG: 'ko_KR.UTF-8' },
      tty: true,
    });
    expect(korean.code).toBe(1);
    expect(korean.stdout).toMatch(/│ 쿠팡 +│ 알 수 없음 +│ .+ +│ +│ 키체인 잠김 +│/);
    expect(korean.stderr).toMatch(
      /경고:\S* 쿠팡: Secret Service \(D-Bus\)을\(를\) 읽을 수 없습니다: .+\n {2}잠금을 풀고 다시 해 보세요\. 키체인에 보관한 것은 그대로입니다\.$/m,
    );

    const auth = await cli(['auth', 'status'], { env });
    expect(auth.stderr).toContain('coupang unknown (the Secret Service (D-Bus) could not be read)');
    expect(auth.stderr).toContain('naver not set up');
    const authKo = await cli(['auth', 'status'], { env: { ...env, LANG: 'ko_KR.UTF-8' } });
    expect(authKo.stderr).toContain('쿠팡 알 수 없음 (Secret Service (D-Bus)을(를) 읽을 수 없음)');
    // Where secrets would be kept now: the keychain refused the probe's entry, said in Korean.
    expect(authKo.stderr).toContain(
      '비밀 키 보관: 키체인 없음 (키체인이 응답하지 않았습니다: Secret Service (D-Bus)에 비밀 키를 보관하지 못했습니다: ',
    );

    const pull = await cli(['pull', 'coupang', '--json'], { env });
    expect(pull.code).toBe(1);
    expect(pull.stderr).toMatch(/the Secret Service \(D-Bus\) could not be read: .*unlock/);
    expect(pull.stderr).toContain('Unlock it and try again; what it keeps is unchanged.');
  });
});
