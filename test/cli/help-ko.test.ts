import { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { createFactory } from '../../src/cli/factory.js';
import { HELP_KO } from '../../src/cli/help-text-ko.js';
import { commentKo } from '../../src/cli/help-words-ko.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { buildProgram } from '../../src/cli/program.js';
import { cli } from '../helpers/cli.js';

const KO = { LANG: 'ko_KR.UTF-8' };

/** Every description the help can show: of each command, its arguments and its options. */
async function everyDescription(): Promise<Map<string, string>> {
  const io = { stdin: Readable.from([]), stdout: new Writable(), stderr: new Writable() };
  const f = createFactory({ io, env: {}, version: '0', interrupts: new InterruptHub() });
  const program = await buildProgram(f, []);
  const found = new Map<string, string>();
  const walk = (command: Command, path: string) => {
    found.set(command.description(), path);
    for (const argument of command.registeredArguments) found.set(argument.description, `${path} <arg>`);
    for (const option of command.options) found.set(option.description ?? '', `${path} ${option.flags}`);
    for (const sub of command.commands) walk(sub, `${path} ${sub.name()}`);
  };
  walk(program, 'intake');
  found.delete('');
  return found;
}

/** Every help the program shows, in English, as `outputHelp` writes it (the examples after it too). */
async function everyHelp(): Promise<string[]> {
  const chunks: string[] = [];
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const io = { stdin: Readable.from([]), stdout, stderr: new Writable() };
  const f = createFactory({ io, env: {}, version: '0', interrupts: new InterruptHub() });
  const program = await buildProgram(f, []);
  const helps: string[] = [];
  const walk = (command: Command) => {
    command.outputHelp();
    helps.push(chunks.splice(0).join(''));
    for (const sub of command.commands) walk(sub);
  };
  walk(program);
  return helps;
}

describe('--help at a Korean terminal', () => {
  it('has Korean words for every description of every command, argument and option', async () => {
    const missing = [...(await everyDescription())]
      .filter(([text]) => !HELP_KO.has(text))
      .map(([text, where]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('has Korean words for every comment of every example', async () => {
    const helps = await everyHelp();
    const comments = helps.flatMap((help) =>
      [...help.matchAll(/^ {2}(?:\$ .*? +)?# (.+)$/gm)].map((found) => found[1] as string),
    );
    expect(comments).toContain('each request gives up after 5 s');
    // A shell's name alone needs no words.
    const untranslated = comments.filter((comment) => comment !== 'fish' && commentKo(comment) === comment);
    expect(untranslated).toEqual([]);
  });

  it('says the help topics in Korean', async () => {
    for (const topic of ['environment', 'exit-codes', 'formats']) {
      const ko = await cli(['help', topic], { env: KO });
      expect(ko.code).toBe(0);
      expect(ko.stdout).toMatch(/^(환경 변수|종료 코드|형식)\n\n/);
      const en = await cli(['help', topic], { env: { LANG: 'en_US.UTF-8' } });
      expect(en.stdout).toMatch(/^(Environment variables|Exit codes|Formats)\n\n/);
    }
    const codes = await cli(['help', 'exit-codes'], { env: KO });
    expect(codes.stdout).toMatch(/^ {2}6 {4}마켓이 호출한 쪽을 거부함/m);
    expect(codes.stdout.split('\n').filter((line) => stringWidth(line) > 107)).toEqual([]);
  });

  it('says the examples’ comments in Korean, the command lines as they are', async () => {
    const help = await cli(['queue', 'status', '--help'], { env: KO });
    expect(help.stdout).toContain(
      '  $ intake queue status --timeout 5s     # 요청마다 5초가 지나면 그만둡니다\n',
    );
    const pull = await cli(['pull', '--help'], { env: KO });
    expect(pull.stdout).toContain(
      '  # 로컬 가짜 API에: INTAKE_NAVER_BASE_URL=http://127.0.0.1:8080/naver intake pull naver\n',
    );
  });

  it('says the program’s help in Korean, within 80 columns as the terminal counts them', async () => {
    const help = await cli(['--help'], { env: KO });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^사용법: intake \[options\] \[command\]\n\n주문, 상품, 송장번호를 intake/);
    expect(help.stdout).toContain('\n명령:\n  order ');
    expect(help.stdout).toMatch(/\n {2}order +주문: 구매자, 품목, 상품\n/);
    expect(help.stdout).toMatch(/-h, --help +도움말을 보여 줍니다/);
    expect(help.stdout).toContain('종료 코드: 0 정상, 1 실패');
    expect(help.stdout).not.toMatch(/^(Usage|Options|Commands|Examples):/m);
    const listed = help.stdout.split('\n예:\n')[0] as string;
    expect(listed.split('\n').filter((line) => stringWidth(line) > 80)).toEqual([]);
  });

  it('says a create command’s help, its columns and presets, in Korean; the command lines as they are', async () => {
    const help = await cli(['order', 'create', '--help'], { env: KO });
    expect(help.stdout).toContain('\n공통 옵션:\n');
    expect(help.stdout).toMatch(/--dry-run +모든 레코드를 검사해 알려 주고/);
    expect(help.stdout).toContain('시트의 열 (CSV나 .xlsx; 순서와 대소문자 상관없음; * 필수):');
    expect(help.stdout).toMatch(/recipient_cellphone \* +받는 사람의 휴대폰 번호/);
    expect(help.stdout).toMatch(/smartstore-orders +네이버 스마트스토어 주문 다운로드/);
    expect(help.stdout).toContain('\n예:\n  $ intake order create order.json\n');
    const choices = await cli(['completion', '--help'], { env: KO });
    expect(choices.stdout).toMatch(/shell +bash, zsh, fish 또는 powershell \(선택: "bash", "zsh",/);
  });

  it('a group named without its command, and intake help, show the help in Korean too', async () => {
    const group = await cli(['order'], { env: KO });
    expect(`${group.stdout}${group.stderr}`).toMatch(/^사용법: intake order \[options\] \[command\]/m);
    expect(`${group.stdout}${group.stderr}`).toMatch(/create \[options\] \[file\] +주문 등록:/);
    const nested = await cli(['local', 'faults'], { env: KO });
    expect(`${nested.stdout}${nested.stderr}`).toMatch(
      /^사용법: intake local faults \[options\] \[command\]/m,
    );
    const help = await cli(['help', 'shipment', 'create'], { env: KO });
    expect(help.stdout).toMatch(/^사용법: intake shipment create/);
  });

  it('a command or topic there is not is said in Korean, with the one likely meant', async () => {
    const wrong = await cli(['help', 'exit-code'], { env: KO });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^오류: intake에 "exit-code"\(이\)라는 명령이나 주제가 없습니다\n {2}혹시 "exit-codes"\?\n {2}명령: order, .+\n {2}주제: environment, exit-codes, formats\n$/,
    );
  });

  it('stays English elsewhere', async () => {
    const help = await cli(['order', 'create', '--help'], { env: { LANG: 'en_US.UTF-8' } });
    expect(help.stdout).toMatch(/^Usage: intake order create/);
    expect(help.stdout).toContain('Columns of a sheet (CSV or .xlsx; any order, any case; * required):');
    expect(help.stdout).toContain('\nExamples:\n');
  });
});
