import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openKeychain } from '../../src/cli/secrets.js';
import { cli, useService } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/**
 * A round trip through the OS keychain, for real: on Linux a Secret Service over D-Bus (CI runs the
 * suite in a D-Bus session with gnome-keyring). Where none answers the tests are skipped, unless
 * INTAKE_TEST_KEYCHAIN=required, which makes a missing keychain a failure.
 */
const SERVICE = `intake-cli-test-${process.pid}`;
const keychainEnv = { INTAKE_SECRET_STORAGE: 'keychain', INTAKE_KEYCHAIN_SERVICE: SERVICE };
const opened = await openKeychain(keychainEnv, { probe: true });
const available = 'keychain' in opened;
if (!available && process.env.INTAKE_TEST_KEYCHAIN === 'required') {
  throw new Error(`INTAKE_TEST_KEYCHAIN=required, but ${(opened as { unavailable: string }).unavailable}`);
}

const t = useService();
const stored = (account: string) => new AsyncEntry(SERVICE, account).getPassword();

describe.skipIf(!available)('secrets in the OS keychain', () => {
  let configDir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    configDir = tempDir('intake-cfg-');
    env = { ...keychainEnv, INTAKE_CONFIG_DIR: configDir, INTAKE_BASE_URL: t.service.baseUrl };
  });
  afterAll(async () => {
    for (const account of [
      `default:${t.service.credentials.accessKeyId}`,
      `plain:${t.service.credentials.accessKeyId}`,
    ]) {
      await new AsyncEntry(SERVICE, account).deleteCredential().catch(() => false);
    }
  });
  const config = () => readFileSync(join(configDir, 'config.json'), 'utf8');

  it('login keeps the secret in the keychain, not in the config file, and says so', async () => {
    const result = await cli(
      ['login', '--access-key-id', t.service.credentials.accessKeyId, '--secret-stdin'],
      {
        env,
        stdin: t.service.credentials.secretAccessKey,
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /The secret is kept in the (Secret Service|macOS Keychain|Windows Credential Manager)/,
    );
    expect(config()).not.toContain(t.service.credentials.secretAccessKey);
    expect(JSON.parse(config())).toMatchObject({ profiles: { default: { secret_storage: 'keychain' } } });
    expect(await stored(`default:${t.service.credentials.accessKeyId}`)).toBe(
      t.service.credentials.secretAccessKey,
    );
  });

  it('commands read it from there', async () => {
    expect((await cli(['keys', 'check'], { env })).code).toBe(0);
    const list = await cli(['config', 'list', '--json'], { env });
    expect((list.json() as { settings: Record<string, unknown> }).settings.secret_access_key).toMatchObject({
      value: '********',
      source: 'keychain',
    });
    const status = await cli(['auth', 'status', '--json'], { env });
    expect(status.json()).toEqual([
      expect.objectContaining({ profile: 'default', secret_from: 'keychain', valid: true }),
    ]);
  });

  it('a secret kept in the file moves to the keychain with auth migrate', async () => {
    const plain = await cli(
      [
        'login',
        '--profile',
        'plain',
        '--access-key-id',
        t.service.credentials.accessKeyId,
        '--secret-stdin',
        '--insecure-storage',
      ],
      { env, stdin: t.service.credentials.secretAccessKey },
    );
    expect(plain.stderr).toContain('plain text; --insecure-storage');
    expect(config()).toContain(t.service.credentials.secretAccessKey);
    const migrated = await cli(['auth', 'migrate'], { env });
    expect(migrated.code).toBe(0);
    expect(migrated.stderr).toContain('Moved the secret of profile "plain"');
    expect(config()).not.toContain(t.service.credentials.secretAccessKey);
    expect((await cli(['keys', 'check', '--profile', 'plain'], { env })).code).toBe(0);
  });

  it('logout removes it from the keychain', async () => {
    expect((await cli(['logout'], { env })).code).toBe(0);
    expect(await stored(`default:${t.service.credentials.accessKeyId}`)).toBeNull();
    const check = await cli(['keys', 'check'], { env });
    expect(check.code).toBe(3);
  });
});

it('auth migrate with INTAKE_SECRET_STORAGE=file is a usage error that says what to unset, and moves nothing', async () => {
  const configDir = tempDir('intake-cfg-');
  const env = {
    INTAKE_SECRET_STORAGE: 'file',
    INTAKE_CONFIG_DIR: configDir,
    INTAKE_BASE_URL: t.service.baseUrl,
  };
  const login = await cli(['login', '--access-key-id', t.service.credentials.accessKeyId, '--secret-stdin'], {
    env,
    stdin: t.service.credentials.secretAccessKey,
  });
  expect(login.code).toBe(0);
  const migrated = await cli(['auth', 'migrate'], { env });
  expect(migrated.code).toBe(2);
  expect(migrated.stderr).toContain('INTAKE_SECRET_STORAGE is file');
  expect(migrated.stderr).toContain('unset it and run intake auth migrate again');
  expect(readFileSync(join(configDir, 'config.json'), 'utf8')).toContain(
    t.service.credentials.secretAccessKey,
  );
});

it.runIf(!available)('without a keychain, login keeps the secret in the 0600 file and says why', async () => {
  const configDir = tempDir('intake-cfg-');
  const result = await cli(
    ['login', '--access-key-id', t.service.credentials.accessKeyId, '--secret-stdin'],
    {
      env: { ...keychainEnv, INTAKE_CONFIG_DIR: configDir, INTAKE_BASE_URL: t.service.baseUrl },
      stdin: t.service.credentials.secretAccessKey,
    },
  );
  expect(result.code).toBe(0);
  expect(result.stderr).toMatch(
    /The secret is kept in .*config\.json \(mode 0600, plain text; (no keychain answered|no D-Bus session bus)/,
  );
});
