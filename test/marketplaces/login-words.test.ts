import { describe, expect, it } from 'vitest';
import type { Prompter } from '../../src/cli/prompter.js';
import { cli, useService } from '../helpers/cli.js';
import { FAKE_CREDENTIALS, fakes } from '../helpers/marketplaces.js';
import { tempDir } from '../helpers/temp.js';

const t = useService({ startWorker: false });

/** A person at a terminal answering each question with the fake's Coupang keys; what was asked is kept. */
function coupangAtTerminal(): { prompter: Prompter; asked: string[] } {
  const asked: string[] = [];
  const answers = [
    FAKE_CREDENTIALS.coupang.vendor_id,
    FAKE_CREDENTIALS.coupang.access_key,
    FAKE_CREDENTIALS.coupang.secret_key,
  ];
  const answer = async (message: string) => {
    asked.push(message);
    return answers.shift() ?? '';
  };
  return { prompter: { input: answer, password: answer }, asked };
}

/** A profile of its own, the Coupang fake's address from the environment, secrets in the config file. */
const profile = (lang: string): Record<string, string> => ({
  ...t.env,
  INTAKE_COUPANG_BASE_URL: `${t.service.baseUrl}/coupang`,
  INTAKE_CONFIG_DIR: tempDir('intake-config-'),
  INTAKE_DATA_DIR: tempDir('intake-data-'),
  INTAKE_SECRET_STORAGE: 'file',
  LANG: lang,
});

describe('intake marketplace login and logout at a terminal', () => {
  it('asks and answers in Korean at a Korean terminal, the check and where the keys are kept too', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang');
    const env = profile('ko_KR.UTF-8');
    const { prompter, asked } = coupangAtTerminal();
    const login = await cli(['marketplace', 'login', 'coupang', '--key-issued', '2026-11-01'], {
      env,
      tty: true,
      prompter,
    });
    expect(login.code, login.stderr).toBe(0);
    expect(asked).toEqual(['업체코드 (A0…):', '액세스 키 (Access Key):', '시크릿 키 (Secret Key):']);
    expect(login.stderr).toContain('쿠팡: 서명한 요청에 응답을 받았습니다.');
    expect(login.stderr).toContain(
      '쿠팡 인증 정보를 프로필 "default"용으로 설정 파일(INTAKE_SECRET_STORAGE가 file입니다)에 보관했습니다.',
    );
    expect(login.stderr).toMatch(
      /그 변수가 없으면 프로필 "default"은\(는\) https:\/\/api-gateway\.coupang\.com\(실제 API\)을\(를\) 씁니다\. 이 주소를 프로필에 저장하려면: intake config set coupang_base_url /,
    );
    expect(login.stderr).not.toMatch(/[A-Za-z]+ (credentials|kept|signed)/);
    // The keys work: a pull from the fake takes them.
    expect((await cli(['pull', 'coupang', '--json'], { env })).code).toBe(0);

    const logout = await cli(['marketplace', 'logout', 'coupang'], { env });
    expect(logout.stderr.trim()).toBe('프로필 "default"의 쿠팡 인증 정보를 지웠습니다.');
    const again = await cli(['marketplace', 'logout', 'coupang'], { env });
    expect(again.stderr.trim()).toBe('프로필 "default"에 보관한 쿠팡 인증 정보가 없습니다.');
    // A pull with none says so in Korean, and how to give them.
    const pull = await cli(['pull', 'coupang'], { env });
    expect(pull.code).toBe(3);
    expect(pull.stderr).toBe(
      '오류: 이 프로필에는 쿠팡 인증 정보가 없습니다 (환경 변수, 키체인, 설정 파일 어디에도 없음)\n' +
        '  실행하세요: intake marketplace login coupang\n',
    );
  });

  it('asks in English elsewhere, as before', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang');
    const env = profile('en_US.UTF-8');
    const { prompter, asked } = coupangAtTerminal();
    const login = await cli(['marketplace', 'login', 'coupang'], { env, tty: true, prompter });
    expect(login.code, login.stderr).toBe(0);
    expect(asked).toEqual(['Vendor id (업체코드, A0…):', 'Access key:', 'Secret key:']);
    expect(login.stderr).toContain('Coupang Wing: a signed request was answered.');
    expect(login.stderr).toContain(
      'Coupang Wing credentials kept in the config file (INTAKE_SECRET_STORAGE is file) for profile "default".',
    );
    expect(login.stderr).toMatch(/To keep this address for it: intake config set coupang_base_url /);
  });

  it('keys the marketplace refuses replace nothing: the keys kept before still pull', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang');
    const env = profile('en_US.UTF-8');
    const login = (secret: string) =>
      cli(
        [
          ...['marketplace', 'login', 'coupang', '--vendor-id', FAKE_CREDENTIALS.coupang.vendor_id],
          ...['--access-key', FAKE_CREDENTIALS.coupang.access_key, '--secret-stdin'],
        ],
        { env, stdin: secret },
      );
    expect((await login(FAKE_CREDENTIALS.coupang.secret_key)).code).toBe(0);
    const refused = await login('a-mistyped-secret');
    expect(refused.code).toBe(3);
    expect((await cli(['pull', 'coupang', '--json'], { env })).code).toBe(0);
    // With none kept before, refused keys leave none.
    const fresh = { ...env, INTAKE_CONFIG_DIR: tempDir('intake-config-') };
    const first = await cli(
      [
        ...['marketplace', 'login', 'coupang', '--vendor-id', FAKE_CREDENTIALS.coupang.vendor_id],
        ...['--access-key', FAKE_CREDENTIALS.coupang.access_key, '--secret-stdin'],
      ],
      { env: fresh, stdin: 'a-mistyped-secret' },
    );
    expect(first.code).toBe(3);
    const status = await cli(['marketplace', 'status', '--no-check', '--json'], { env: fresh });
    expect(status.json()).toContainEqual(
      expect.objectContaining({ marketplace: 'coupang', state: 'no_credentials' }),
    );
  });

  it.each([
    [
      ['marketplace', 'login', 'naver', '--client-id', 'app', '--secret-stdin', '--no-verify'],
      'not-a-secret',
      '네이버 애플리케이션 시크릿은 $2a$10$ 뒤에 22자가 붙은 모양입니다',
    ],
    [
      ['marketplace', 'login', 'naver', '--client-id', 'app', '--secret-stdin', '--no-verify'],
      '',
      '표준 입력에 비밀 키가 없습니다',
    ],
    [
      ['marketplace', 'login', 'coupang', '--key-issued', 'yesterday', '--no-verify'],
      undefined,
      '터미널이 아니어서 물어볼 수 없습니다: --vendor-id을(를) 주세요',
    ],
    [
      [
        'marketplace',
        'login',
        'coupang',
        '--vendor-id',
        'A1',
        '--access-key',
        'k',
        '--secret-stdin',
        '--key-issued',
        'yesterday',
      ],
      'secret',
      '--key-issued에는 2026-11-25 같은 날짜를 주세요 ("yesterday"은(는) 날짜가 아닙니다)',
    ],
  ])('refuses %j in Korean, exit 2', async (argv, stdin, said) => {
    const env = profile('ko_KR.UTF-8');
    const result = await cli(argv, { env, ...(stdin === undefined ? {} : { stdin }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(said);
  });
});
