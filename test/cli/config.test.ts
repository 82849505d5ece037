import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Prompter } from '../../src/cli/prompter.js';
import { cli } from '../helpers/cli.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

const freshConfig = () => tempDir('intake-cfg-');

async function login(configDir: string, profile?: string, secret = service.credentials.secretAccessKey) {
  return cli(
    [
      'login',
      '--base-url',
      service.baseUrl,
      '--access-key-id',
      service.credentials.accessKeyId,
      '--secret-stdin',
      ...(profile ? ['--profile', profile] : []),
    ],
    { env: { INTAKE_CONFIG_DIR: configDir }, stdin: `${secret}\n` },
  );
}

describe('intake login', () => {
  it('checks the credentials, saves them with mode 0600 in a 0700 folder, and uses them after', async () => {
    const configDir = freshConfig();
    const result = await login(configDir);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `Logged in to ${service.baseUrl} as ${service.credentials.accessKeyId}; saved in profile "default"`,
    );
    expect(result.stdout).not.toContain(service.credentials.secretAccessKey);
    const file = join(configDir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      current_profile: 'default',
      profiles: { default: { base_url: service.baseUrl, access_key_id: service.credentials.accessKeyId } },
    });
    const check = await cli(['keys', 'check', '--json'], { env: { INTAKE_CONFIG_DIR: configDir } });
    expect(check.code).toBe(0);
  });

  it('saves nothing when the service refuses the credentials (exit 3)', async () => {
    const configDir = freshConfig();
    const result = await login(configDir, undefined, 'wrong-secret');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('Secret access key was invalid.');
    expect(result.stderr).toContain('Nothing was saved.');
    const list = await cli(['config', 'list', '--json'], { env: { INTAKE_CONFIG_DIR: configDir } });
    expect((list.json() as { profiles: string[] }).profiles).toEqual([]);
  });

  it('never prompts without a terminal', async () => {
    const result = await cli(['login'], { env: { INTAKE_CONFIG_DIR: freshConfig() } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot prompt without a terminal');
    expect(result.stderr).toContain('--secret-stdin');
  });

  it('asks on a terminal: base URL, access key id, secret (masked)', async () => {
    const asked: string[] = [];
    const prompter: Prompter = {
      input: async (message, options) => {
        asked.push(message);
        return message.startsWith('Base URL')
          ? service.baseUrl
          : (options?.default ?? service.credentials.accessKeyId);
      },
      password: async (message) => {
        asked.push(`${message} (password)`);
        return service.credentials.secretAccessKey;
      },
    };
    const configDir = freshConfig();
    const result = await cli(['login', '--profile', 'shop-a'], {
      env: { INTAKE_CONFIG_DIR: configDir },
      tty: true,
      prompter,
    });
    expect(result.code).toBe(0);
    expect(asked).toEqual(['Base URL of the service', 'Access key id', 'Secret access key (password)']);
    const check = await cli(['keys', 'check', '--profile', 'shop-a'], {
      env: { INTAKE_CONFIG_DIR: configDir },
    });
    expect(check.code).toBe(0);
  });
});

describe('intake config', () => {
  it('a config folder that cannot be made is said with the folder and why, exit 2', async () => {
    const file = join(freshConfig(), 'a-file');
    writeFileSync(file, 'x');
    const result = await cli(['config', 'list'], { env: { INTAKE_CONFIG_DIR: join(file, 'intake') } });
    expect([result.code, result.stderr]).toEqual([
      2,
      `error: cannot use the config folder ${join(file, 'intake')}: a part of its path is a file, not a folder\n  Set INTAKE_CONFIG_DIR to a folder of yours.\n`,
    ]);
  });

  it('set ends once the setting is written to the config file', async () => {
    const configDir = freshConfig();
    const set = await cli(['config', 'set', 'timeout', '10s', '--profile', 'shop'], {
      env: { INTAKE_CONFIG_DIR: configDir },
    });
    expect(set.stderr).toBe('Set timeout of profile "shop".\n');
    const written = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as {
      profiles: Record<string, Record<string, string>>;
    };
    expect(written.profiles.shop).toEqual({ timeout: '10s' });
  });

  it('list shows each setting, its value and where it came from, with the secret masked', async () => {
    const configDir = freshConfig();
    await login(configDir);
    const result = await cli(['config', 'list', '--json', '--timeout', '5s'], {
      env: { INTAKE_CONFIG_DIR: configDir, INTAKE_BASE_URL: 'http://127.0.0.1:9999' },
    });
    const { settings } = result.json() as {
      settings: Record<string, { value: unknown; source: string; origin: string }>;
    };
    expect(settings.profile).toEqual({ value: 'default', source: 'profile', origin: 'intake config use' });
    expect(settings.base_url).toEqual({
      value: 'http://127.0.0.1:9999',
      source: 'env',
      origin: 'INTAKE_BASE_URL',
    });
    expect(settings.access_key_id).toMatchObject({
      value: service.credentials.accessKeyId,
      source: 'profile',
    });
    expect(settings.secret_access_key).toEqual({
      value: '********',
      source: 'profile',
      origin: 'profile "default"',
    });
    expect(settings.output).toMatchObject({ value: 'json', source: 'flag', origin: '--json' });
    expect(settings.timeout).toMatchObject({ value: '5s', source: 'flag', origin: '--timeout' });
    expect(result.stdout).not.toContain(service.credentials.secretAccessKey);
  });

  it('flag beats environment beats profile beats default', async () => {
    const configDir = freshConfig();
    await cli(['config', 'set', 'base_url', 'http://profile.example.com'], {
      env: { INTAKE_CONFIG_DIR: configDir },
    });
    const get = (env: Record<string, string>, ...flags: string[]) =>
      cli(['config', 'get', 'base_url', ...flags], { env: { INTAKE_CONFIG_DIR: configDir, ...env } });
    expect((await get({})).stdout).toBe('http://profile.example.com\n');
    expect((await get({ INTAKE_BASE_URL: 'http://env.example.com' })).stdout).toBe(
      'http://env.example.com\n',
    );
    expect(
      (await get({ INTAKE_BASE_URL: 'http://env.example.com' }, '--base-url', 'http://flag.example.com'))
        .stdout,
    ).toBe('http://flag.example.com\n');
    const other = freshConfig();
    expect((await cli(['config', 'get', 'base_url'], { env: { INTAKE_CONFIG_DIR: other } })).stdout).toBe(
      'http://127.0.0.1:8080\n',
    );
  });

  it('an explicit --profile beats credentials from the environment', async () => {
    const configDir = freshConfig();
    await login(configDir, 'shop-a');
    const env = {
      INTAKE_CONFIG_DIR: configDir,
      INTAKE_ACCESS_KEY_ID: 'AKENV',
      INTAKE_SECRET_ACCESS_KEY: 'env-secret',
      INTAKE_BASE_URL: service.baseUrl,
    };
    expect((await cli(['keys', 'check'], { env })).code).toBe(3);
    expect((await cli(['keys', 'check', '--profile', 'shop-a'], { env })).code).toBe(0);
    expect(
      (await cli(['config', 'get', 'access_key_id', '--profile', 'shop-a'], { env })).stdout.trim(),
    ).toBe(service.credentials.accessKeyId);
  });

  it('set checks values and refuses secrets; use switches profiles', async () => {
    const configDir = freshConfig();
    const env = { INTAKE_CONFIG_DIR: configDir };
    expect((await cli(['config', 'set', 'base_url', 'not a url'], { env })).code).toBe(2);
    expect((await cli(['config', 'set', 'output', 'yaml'], { env })).code).toBe(2);
    const secret = await cli(['config', 'set', 'secret_access_key', 'shh'], { env });
    expect(secret.code).toBe(2);
    expect(secret.stderr).toContain('never taken on the command line');
    expect((await cli(['config', 'set', 'output', 'csv', '--profile', 'b'], { env })).code).toBe(0);
    expect((await cli(['config', 'use', 'missing'], { env })).code).toBe(2);
    expect((await cli(['config', 'use', 'b'], { env })).code).toBe(0);
    expect((await cli(['config', 'get', 'profile'], { env })).stdout).toBe('b\n');
    expect((await cli(['carriers'], { env })).stdout.split('\n')[0]).toBe('code,name');
  });

  it('at a Korean terminal says what it did and what is wrong in Korean; JSON and a pipe stay as they are', async () => {
    const configDir = freshConfig();
    const env = { INTAKE_CONFIG_DIR: configDir, LANG: 'ko_KR.UTF-8' };
    const wrong = await cli(['config', 'set', 'output', 'yaml'], { env });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe(
      '오류: output에는 table, json 또는 csv을(를) 주세요 ("yaml"은(는) 쓸 수 없습니다)\n',
    );
    const unknown = await cli(['config', 'get', 'colour'], { env });
    expect(unknown.stderr).toMatch(
      /^오류: 알 수 없는 설정입니다: "colour"\n {2}설정할 수 있는 것: profile, base_url, /,
    );
    const set = await cli(['config', 'set', 'timeout', '10s', '--profile', 'shop'], { env });
    expect(set.stderr).toBe('프로필 "shop"의 timeout을(를) 설정했습니다.\n');
    expect((await cli(['config', 'use', 'shop'], { env })).stderr).toBe('이제 프로필 "shop"을(를) 씁니다.\n');
    const missing = await cli(['config', 'use', 'nowhere'], { env });
    expect(missing.stderr).toBe(
      '오류: 프로필 "nowhere"이(가) 없습니다\n  프로필: shop\n  intake login --profile nowhere(으)로 만드세요.\n',
    );
    // A terminal's table says where each setting comes from in Korean.
    const table = await cli(['config', 'list'], { env, tty: true });
    expect(table.stdout).toMatch(/│ timeout +│ 10s +│ 프로필 +│ 프로필 "shop" +│/);
    expect(table.stdout).toMatch(/│ base_url +│ http:\/\/127\.0\.0\.1:8080 +│ 기본값 +│ 기본값 +│/);
    expect(table.stderr).toContain(`설정 파일: ${join(configDir, 'config.json')}`);
    // A pipe's rows and JSON are the same in any language.
    expect((await cli(['config', 'list'], { env })).stdout).toContain(
      'timeout\t10s\tprofile\tprofile "shop"\n',
    );
    const json = (await cli(['config', 'list', '--json'], { env })).json() as {
      settings: Record<string, { source: string; origin: string }>;
    };
    expect(json.settings.timeout).toEqual({ value: '10s', source: 'profile', origin: 'profile "shop"' });
    expect((await cli(['logout'], { env })).stderr).toBe(
      '프로필 "shop"에 인증 정보가 없습니다. 지울 것이 없습니다.\n',
    );
    // A setting every command reads that cannot be used, in Korean too.
    const badUrl = await cli(['health'], { env: { ...env, INTAKE_BASE_URL: 'ftp://nowhere' } });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toBe(
      '오류: 서비스 주소 "ftp://nowhere"(INTAKE_BASE_URL)이(가) http:// 또는 https:// 주소가 아닙니다\n',
    );
    // One typed without its scheme is said with the address it most likely meant.
    const bare = await cli(['config', 'set', 'base_url', 'intake.example.com'], { env });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toBe(
      '오류: 서비스 주소 "intake.example.com"(intake config set base_url)이(가) http:// 또는 https:// 주소가 아닙니다\n' +
        '  혹시 https://intake.example.com 주소인가요?\n',
    );
  });

  it('--sandbox uses the profile’s sandbox_base_url, and says when there is none', async () => {
    const configDir = freshConfig();
    const env = { INTAKE_CONFIG_DIR: configDir };
    const none = await cli(['health', '--sandbox'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('has no sandbox_base_url');
    await cli(['config', 'set', 'sandbox_base_url', service.baseUrl], { env });
    await cli(['config', 'set', 'base_url', 'http://127.0.0.1:1'], { env });
    const result = await cli(['health', '--sandbox', '--json'], { env });
    expect(result.code).toBe(0);
  });

  it('logout removes the credentials and keeps the rest', async () => {
    const configDir = freshConfig();
    await login(configDir);
    const env = { INTAKE_CONFIG_DIR: configDir };
    expect((await cli(['logout'], { env })).code).toBe(0);
    expect((await cli(['config', 'get', 'base_url'], { env })).stdout).toBe(`${service.baseUrl}\n`);
    const check = await cli(['keys', 'check'], { env });
    expect(check.code).toBe(3);
    expect(check.stderr).toContain('profile "default" has no credentials');
  });
});
