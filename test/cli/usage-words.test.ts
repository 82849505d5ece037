import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { EXIT } from '../../src/cli/errors.js';

const KOREAN = { LANG: 'ko_KR.UTF-8' };

describe("commander's usage errors at a Korean terminal", () => {
  it.each([
    [['order', 'create', '--bogus'], '오류: 알 수 없는 옵션입니다: --bogus\n(사용법: --help)\n'],
    [['ordr'], '오류: 알 수 없는 명령입니다: ordr\n(혹시 order?)\n(사용법: --help)\n'],
    [
      ['order', 'list'],
      '오류: 알 수 없는 명령입니다: list\n(intake order의 명령: create, patch, help)\n(사용법: --help)\n',
    ],
    [
      ['order', 'create', 'a.csv', 'b.csv'],
      '오류: create 명령의 인자가 너무 많습니다: 1개를 받는데 2개를 주었습니다.\n(사용법: --help)\n',
    ],
    [['local', 'messages', '--limit'], '오류: 옵션 --limit <n>에 값이 없습니다\n(사용법: --help)\n'],
    [
      ['local', 'messages', '--status', 'done'],
      "오류: 옵션 --status <status>의 값 'done'을(를) 쓸 수 없습니다. 쓸 수 있는 값: scheduled, sent.\n(사용법: --help)\n",
    ],
    [
      ['completion', 'tcsh'],
      "오류: 인자 shell의 값 'tcsh'을(를) 쓸 수 없습니다. 쓸 수 있는 값: bash, zsh, fish, powershell.\n(사용법: --help)\n",
    ],
    [['columns', 'save'], '오류: 꼭 있어야 할 옵션이 없습니다: --kind <kind>\n(사용법: --help)\n'],
  ])('%j', async (args, said) => {
    const result = await cli(args, { env: KOREAN });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(said);
    expect(result.stdout).toBe('');
  });

  it('elsewhere they are as commander says them', async () => {
    const result = await cli(['ordr'], { env: { LANG: 'C.UTF-8' } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      "error: unknown command 'ordr'\n(Did you mean order?)\n(add --help for usage)\n",
    );
  });

  it('a command none is near names the commands there are', async () => {
    const result = await cli(['marketplace', 'list'], { env: { LANG: 'C.UTF-8' } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      "error: unknown command 'list'\n(intake marketplace has: login, status, logout, help)\n(add --help for usage)\n",
    );
  });
});

describe('a marketplace given by another of its names', () => {
  it.each([
    [['pull', 'smartstore'], 'C.UTF-8', '(smartstore is Naver Smartstore: give naver)'],
    [['push', 'Coupang'], 'C.UTF-8', '(Coupang is Coupang Wing: give coupang)'],
    [['marketplace', 'login', '카페 24'], 'C.UTF-8', '(카페 24 is Cafe24: give cafe24)'],
    [['pull', '스마트스토어'], 'ko_KR.UTF-8', '(네이버 스마트스토어는 naver(으)로 주세요)'],
    [['catalog', 'pull', '쿠팡', 'P-1'], 'ko_KR.UTF-8', '(쿠팡은 coupang(으)로 주세요)'],
  ])('%j is refused with the name to give', async (args, lang, hint) => {
    const result = await cli(args, { env: { LANG: lang } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr.split('\n')[0]?.endsWith(hint)).toBe(true);
    expect(result.stdout).toBe('');
  });

  it('a name of none is refused with the choices alone, and the choices are still offered and listed', async () => {
    const result = await cli(['pull', 'gmarket'], { env: { LANG: 'C.UTF-8' } });
    expect(result.stderr.split('\n')[0]).toBe(
      "error: command-argument value 'gmarket' is invalid for argument 'marketplace'. Allowed choices are naver, coupang, cafe24.",
    );
    const help = await cli(['pull', '--help'], { env: { LANG: 'C.UTF-8' } });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('(choices: "naver", "coupang", "cafe24")');
  });
});

describe('an unknown option that is a longer or shorter form of one the command has', () => {
  it.each([
    [['serve', '--data-dir', 'x'], '--data-dir', '--data'],
    [['serve', '--data-dir=x'], '--data-dir=x', '--data'],
    [['order', 'create', '--sheet-name', 'x', 'a.csv'], '--sheet-name', '--sheet'],
    [['order', 'create', '--dry', 'a.csv'], '--dry', '--dry-run'],
    [['local', 'requests', '--follow-all'], '--follow-all', '--follow'],
  ])('%j suggests it', async (args, flag, meant) => {
    const result = await cli(args, { env: { LANG: 'C.UTF-8' } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      `error: unknown option '${flag}'\n(Did you mean ${meant}?)\n(add --help for usage)\n`,
    );
    const korean = await cli(args, { env: KOREAN });
    expect(korean.stderr).toBe(`오류: 알 수 없는 옵션입니다: ${flag}\n(혹시 ${meant}?)\n(사용법: --help)\n`);
  });

  it("suggests nothing when two options would fit, and keeps commander's own suggestion alone", async () => {
    // `intake ui` has --no-open and the global --no-color.
    const two = await cli(['ui', '--no'], { env: { LANG: 'C.UTF-8' } });
    expect(two.stderr).toBe("error: unknown option '--no'\n(add --help for usage)\n");
    const near = await cli(['serve', '--datadir', 'x'], { env: { LANG: 'C.UTF-8' } });
    expect(near.stderr).toBe(
      "error: unknown option '--datadir'\n(Did you mean --data?)\n(add --help for usage)\n",
    );
  });
});

describe('a flag naming the file a command takes as its argument', () => {
  it.each([
    [['order', 'create', '--file', 'orders.csv'], '--file', 'intake order create'],
    [['shipment', 'create', '-f', 'shipments.csv'], '-f', 'intake shipment create'],
    [['product', 'create', '--input=products.json'], '--input=products.json', 'intake product create'],
  ])('%j says the file goes without a flag, in English and in Korean', async (args, flag, command) => {
    const result = await cli(args, { env: { LANG: 'C.UTF-8' } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      `error: unknown option '${flag}'\n(the file is given without a flag: ${command} FILE)\n(add --help for usage)\n`,
    );
    const korean = await cli(args, { env: KOREAN });
    expect(korean.stderr).toBe(
      `오류: 알 수 없는 옵션입니다: ${flag}\n(파일은 옵션 없이 줍니다: ${command} 파일)\n(사용법: --help)\n`,
    );
  });

  it('says nothing of the kind where the command takes no file', async () => {
    const result = await cli(['health', '--file', 'x'], { env: { LANG: 'C.UTF-8' } });
    expect(result.stderr).toBe("error: unknown option '--file'\n(add --help for usage)\n");
  });
});

describe('a body given to intake api as curl takes one', () => {
  it.each([['--data'], ['-d'], ['--body']])(
    '%s says where a body goes, in English and in Korean',
    async (flag) => {
      const args = ['api', 'POST', '/api/v1/orders/', flag, '{}'];
      const result = await cli(args, { env: { LANG: 'C.UTF-8' } });
      expect(result.code).toBe(EXIT.usage);
      expect(result.stderr).toBe(
        `error: unknown option '${flag}'\n` +
          '(a request body is --input FILE, or --input - for standard input; or fields: -f key=value)\n' +
          '(add --help for usage)\n',
      );
      const korean = await cli(args, { env: KOREAN });
      expect(korean.stderr).toBe(
        `오류: 알 수 없는 옵션입니다: ${flag}\n` +
          '(요청 본문은 --input 파일, 표준 입력이면 --input -, 또는 필드로 -f key=value)\n(사용법: --help)\n',
      );
    },
  );
});

describe('a value that begins with a minus', () => {
  it.each([
    [['queue', 'status', '--wait', '-1s'], '-1s'],
    [['local', 'advance', '-1d'], '-1d'],
  ])('%j says it is read as a negative value, not only that the option is unknown', async (args, value) => {
    const result = await cli(args, { env: { LANG: 'C.UTF-8' } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      `error: unknown option '${value}'\n(${value}: values here cannot be negative)\n(add --help for usage)\n`,
    );
    const korean = await cli(args, { env: KOREAN });
    expect(korean.stderr).toBe(
      `오류: 알 수 없는 옵션입니다: ${value}\n(${value}: 여기서는 값이 음수일 수 없습니다)\n(사용법: --help)\n`,
    );
  });
});

describe('a duration given to a --wait that takes none', () => {
  it('says which flag takes it, in English and in Korean', async () => {
    const args = ['queue', 'status', '--wait', '1s'];
    const result = await cli(args, { env: { LANG: 'C.UTF-8' } });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      "error: too many arguments for 'status'. Expected 0 arguments but got 1.\n" +
        '(--wait takes no value here: to stop waiting after 1s, add --max-wait 1s)\n(add --help for usage)\n',
    );
    const korean = await cli(args, { env: KOREAN });
    expect(korean.stderr).toBe(
      '오류: status 명령의 인자가 너무 많습니다: 0개를 받는데 1개를 주었습니다.\n' +
        '(여기서 --wait에는 값을 주지 않습니다. 1s 뒤에 그만 기다리려면 --max-wait 1s을(를) 붙이세요)\n(사용법: --help)\n',
    );
    // Another word there is only an argument too many.
    const other = await cli(['queue', 'status', '--wait', 'now'], { env: { LANG: 'C.UTF-8' } });
    expect(other.stderr).toBe(
      "error: too many arguments for 'status'. Expected 0 arguments but got 1.\n(add --help for usage)\n",
    );
  });
});
