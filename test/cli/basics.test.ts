import { describe, expect, it } from 'vitest';
import { AUTH_DETAILS, VALID_CREDENTIALS_REASON } from '../../src/contract/index.js';
import { cli, useService } from '../helpers/cli.js';

const t = useService();

describe('intake health', () => {
  it('prints a table by default on a terminal, and plain tab-separated rows through a pipe', async () => {
    const result = await cli(['health'], { env: { ...t.env, NO_COLOR: '1' }, tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/status\s+│ base_url/);
    expect(result.stdout).toContain('available');
    const piped = await cli(['health'], { env: t.env });
    expect(piped.stdout).toBe(`available\t${t.service.baseUrl}\n`);
  });

  it('prints the service body with --json and -o json', async () => {
    for (const args of [
      ['health', '--json'],
      ['--json', 'health'],
      ['health', '-o', 'json'],
    ]) {
      const result = await cli(args, { env: t.env });
      expect(result.json()).toEqual({ status: 'available', base_url: t.service.baseUrl });
    }
  });

  it('prints CSV with -o csv', async () => {
    const result = await cli(['health', '-o', 'csv'], { env: t.env });
    expect(result.stdout).toBe(`status,base_url\navailable,${t.service.baseUrl}\n`);
  });

  it('needs no credentials', async () => {
    const result = await cli(['health', '--json'], { env: { INTAKE_BASE_URL: t.service.baseUrl } });
    expect(result.code).toBe(0);
  });

  it('rejects an unknown output format before doing anything', async () => {
    const result = await cli(['health', '-o', 'yaml'], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('yaml');
  });
});

describe('intake keys check', () => {
  it('exits 0 for valid credentials and shows where they came from', async () => {
    const result = await cli(['keys', 'check'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(VALID_CREDENTIALS_REASON);
    expect(result.stdout).toContain('INTAKE_ACCESS_KEY_ID');
  });

  it.each([
    ['a wrong secret', { INTAKE_SECRET_ACCESS_KEY: 'wrong' }, AUTH_DETAILS.wrongSecret],
    ['an unknown key', { INTAKE_ACCESS_KEY_ID: 'AKNOPE' }, AUTH_DETAILS.unknownKey],
  ])('exits 3 for %s, with the service’s reason', async (_name, override, reason) => {
    const result = await cli(['keys', 'check', '--json'], { env: { ...t.env, ...override } });
    expect(result.code).toBe(3);
    expect(result.json()).toMatchObject({ is_valid: false, reason, base_url: t.service.baseUrl });
  });

  it('exits 3 and says what to do without credentials', async () => {
    const result = await cli(['keys', 'check'], { env: { INTAKE_BASE_URL: t.service.baseUrl } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('profile "default" does not exist');
    expect(result.stderr).toContain('intake login');
  });
});

describe('support’s commands at a Korean terminal', () => {
  /** A run at a Korean terminal; `tty`, with a terminal's table on stdout. */
  const ko = (env: Record<string, string>, tty = false) => ({ env: { ...env, LANG: 'ko_KR.UTF-8' }, tty });

  it('keys check gives the service’s reason and what to do in Korean, and JSON as it is', async () => {
    const valid = await cli(['keys', 'check'], ko(t.env, true));
    expect(valid.stdout).toContain('인증 정보가 맞습니다. API를 쓸 수 있습니다');
    expect(valid.stdout).toMatch(/│ 예 +│ 인증 정보가 맞습니다/);
    const wrong = await cli(['keys', 'check'], ko({ ...t.env, INTAKE_SECRET_ACCESS_KEY: 'wrong' }, true));
    expect(wrong.stdout).toMatch(/│ 아니요 +│ 비밀 키가 맞지 않습니다/);
    expect(wrong.code).toBe(3);
    expect(wrong.stdout).toContain('비밀 키가 맞지 않습니다');
    expect(wrong.stderr).toContain('맞는 인증 정보를 intake login으로 저장하세요\n');
    // Through a pipe, the rows a script reads are the same in any locale.
    const piped = await cli(['keys', 'check'], ko({ ...t.env, INTAKE_SECRET_ACCESS_KEY: 'wrong' }));
    expect(piped.stdout).toMatch(/^false\tSecret access key was invalid\.\t/);
    const json = await cli(['keys', 'check', '--json'], ko({ ...t.env, INTAKE_SECRET_ACCESS_KEY: 'wrong' }));
    expect(json.json()).toMatchObject({ reason: AUTH_DETAILS.wrongSecret });
  });

  it('without credentials, says so and what to do', async () => {
    const result = await cli(['keys', 'check'], ko({ INTAKE_BASE_URL: t.service.baseUrl }));
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      '오류: 인증 정보가 없습니다: 프로필 "default"이(가) 없고 INTAKE_ACCESS_KEY_ID도 설정되지 않았습니다\n' +
        '  실행하세요: intake login\n' +
        '  또는 INTAKE_ACCESS_KEY_ID와 INTAKE_SECRET_ACCESS_KEY를 설정하세요.\n',
    );
  });

  it('auth status says where secrets and marketplaces’ credentials are kept, and that none are selected', async () => {
    const result = await cli(['auth', 'status'], ko({ INTAKE_BASE_URL: t.service.baseUrl }));
    expect(result.code).toBe(3);
    const lines = result.stderr.split('\n');
    expect(lines[0]).toMatch(/^비밀 키 보관: .+; 설정 파일 .+config\.json\.$/);
    expect(lines[1]).toBe(
      '마켓: 네이버 스마트스토어 설정 안 됨; 쿠팡 설정 안 됨; 카페24 설정 안 됨 (intake marketplace status로 확인합니다).',
    );
    expect(lines[2]).toBe('선택된 인증 정보가 없습니다: 프로필 "default"이(가) 없고 환경 변수에도 없습니다.');
    const valid = await cli(['auth', 'status'], ko(t.env, true));
    expect(valid.stdout).toContain('인증 정보가 맞습니다. API를 쓸 수 있습니다');
    // The codes of a terminal's table in Korean; a pipe's rows and JSON keep them.
    expect(valid.stdout).toMatch(/│ \* +│ \(환경 변수\) +│ .+│ 환경 변수 +│ 예 +│/);
    expect((await cli(['auth', 'status'], ko(t.env))).stdout).toMatch(
      /^\*\t\(environment\)\t.+\tenvironment\ttrue\t/,
    );
    expect((await cli(['health'], ko(t.env, true))).stdout).toMatch(/│ 사용 가능 +│ http/);
    expect((await cli(['health'], ko(t.env))).stdout).toMatch(/^available\thttp/);
    expect(valid.stderr).toContain('마켓: 네이버 스마트스토어 설정 안 됨;');
    // A profile that could not be checked says why in Korean too.
    const away = await cli(['auth', 'status'], ko({ ...t.env, INTAKE_BASE_URL: 'http://127.0.0.1:9' }, true));
    expect(away.code).toBe(5);
    expect(away.stdout).toContain('http://127.0.0.1:9에 연결할 수 없습니다');
    const file = await cli(['auth', 'status'], ko({ ...t.env, INTAKE_SECRET_STORAGE: 'file' }));
    expect(file.stderr).toMatch(
      /^비밀 키 보관: 키체인 없음 \(INTAKE_SECRET_STORAGE가 file입니다\); 설정 파일 /,
    );
  });
});

describe('intake carriers', () => {
  it('lists the 26 codes with names', async () => {
    const result = await cli(['carriers', '--json']);
    const carriers = result.json() as { code: string; name: string }[];
    expect(carriers).toHaveLength(26);
    expect(carriers).toContainEqual({ code: 'kr.cjlogistics', name: 'CJ대한통운' });
    expect(carriers.filter((carrier) => carrier.code.startsWith('kr.'))).toHaveLength(19);
  });

  it('prints CSV', async () => {
    const result = await cli(['carriers', '-o', 'csv']);
    expect(result.stdout.split('\n')[0]).toBe('code,name');
    expect(result.stdout).toContain('kr.epost,우체국 택배\n');
  });

  it('says whose list it is in Korean at a Korean terminal', async () => {
    const result = await cli(['carriers'], { env: { LANG: 'ko_KR.UTF-8' } });
    expect(result.stdout).toContain('kr.epost\t우체국 택배\n');
    expect(result.stderr).toMatch(
      /^기본 목록 \(명세의 코드 26개\)의 택배사입니다\. 서비스는 다른 코드도 받을 수 있습니다/,
    );
  });
});

describe('help and version', () => {
  it.each([['--help'], ['order', 'create', '--help'], ['queue', 'status', '--help'], ['serve', '--help']])(
    '%s prints usage with examples and exits 0',
    async (...args) => {
      const result = await cli(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: intake');
      expect(result.stdout).toContain('Examples:');
    },
  );

  it('every command has examples in its help', async () => {
    const leaves = [
      ['order', 'create'],
      ['order', 'patch'],
      ['shipment', 'create'],
      ['product', 'create'],
      ['product', 'patch'],
      ['rewards', 'list'],
      ['keys', 'check'],
      ['health'],
      ['queue', 'status'],
      ['login'],
      ['logout'],
      ['config', 'list'],
      ['config', 'get'],
      ['config', 'set'],
      ['config', 'use'],
      ['carriers'],
      ['serve'],
    ];
    for (const leaf of leaves) {
      const result = await cli([...leaf, '--help']);
      expect(result.stdout, leaf.join(' ')).toContain('Examples:');
    }
  });

  it('prints the version', async () => {
    const result = await cli(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('0.0.0-test');
  });

  it('an unknown command or option is a usage error (exit 2)', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2);
    const unknown = await cli(['health', '--frob']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--frob'");
  });
});
