import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Command, Option } from 'commander';
import fc from 'fast-check';
import { afterAll, beforeAll, expect } from 'vitest';
import { createFactory } from '../../src/cli/factory.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { buildProgram } from '../../src/cli/program.js';
import { cli } from './cli.js';
import { FIXTURES } from './files.js';
import { tempDir } from './temp.js';

/** A command the fuzz can run: its words, its arguments, and its options with whether each takes a value. */
export interface FuzzedCommand {
  path: string[];
  args: { required: boolean; variadic: boolean }[];
  options: { flag: string; value: boolean; choices: readonly string[] | undefined }[];
}

/**
 * Left out: what runs until stopped (`serve`, `ui`, a follow, a wait) and what could reach past this
 * machine (the marketplaces, a pull or push, another address for the service, events forwarded).
 */
const LEFT_OUT_COMMANDS = /^(serve|ui|marketplace|pull|push|catalog pull|completion-server)\b/;
const LEFT_OUT_OPTIONS = new Set([
  '--base-url',
  '--sandbox',
  '--follow',
  '--wait',
  '--max-wait',
  '--forward-to',
  '--listen',
]);

/** Every command of the program that runs something, as the fuzz may call it. */
export async function fuzzedCommands(): Promise<FuzzedCommand[]> {
  const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });
  const factory = createFactory({
    io: { stdin: process.stdin, stdout: sink(), stderr: sink() },
    env: { INTAKE_CONFIG_DIR: tempDir('intake-config-'), INTAKE_DATA_DIR: tempDir('intake-data-') },
    version: '0.0.0-test',
    interrupts: new InterruptHub(),
  });
  const program = await buildProgram(factory);
  const found: FuzzedCommand[] = [];
  const visit = (command: Command, path: string[]) => {
    for (const sub of command.commands) {
      const at = [...path, sub.name()];
      const runs = (sub as unknown as { _actionHandler?: unknown })._actionHandler !== undefined;
      if (runs && sub.commands.length === 0 && !LEFT_OUT_COMMANDS.test(at.join(' '))) {
        found.push({
          path: at,
          args: sub.registeredArguments.map((arg) => ({ required: arg.required, variadic: arg.variadic })),
          options: sub.options
            .filter((option: Option) => option.long !== undefined && !LEFT_OUT_OPTIONS.has(option.long))
            .map((option: Option) => ({
              flag: option.long as string,
              value: option.required || option.optional,
              choices: option.argChoices,
            })),
        });
      }
      visit(sub, at);
    }
  };
  visit(program, []);
  await factory.close();
  return found;
}

/** Files a command line may name: samples of each kind, a folder, nothing there, standard input. */
export function fuzzFiles(): string[] {
  const dir = tempDir('intake-argv-');
  const names = [
    'orders.csv',
    'shipments.csv',
    'products.csv',
    'order.json',
    'smartstore-orders.xlsx',
    'catalog.csv',
  ];
  for (const name of names) copyFileSync(join(FIXTURES, name), join(dir, name));
  mkdirSync(join(dir, 'folder'));
  return [...names.map((name) => join(dir, name)), join(dir, 'folder'), join(dir, 'missing.csv'), '-'];
}

/** A value given to an option or an argument: words the commands take, odd ones, and files. */
function value(files: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...['ORD-1', 'ORD-1-1', 'P-1', 'order', 'shipment', 'json', 'csv', 'table', 'text', 'default', 'ko'],
        ...[
          '1d',
          '2h',
          '30s',
          '0',
          '1',
          '-1',
          '99999999999999999999',
          '1e3',
          'NaN',
          '503:next=2',
          'POST=500',
        ],
        ...[
          '2026-11-25',
          '2026-13-45',
          'kr.cjlogistics',
          'base_url',
          'profile',
          'GET',
          'POST',
          '/api/v1/health/',
        ],
        ...['/local/orders', 'naver', 'coupang', 'smartstore-orders', 'order_id=주문번호', '{"a":1}', '[]'],
        ...['results[0].id', '[?', 'a=b', 'x-test: 1', 'bash', 'zsh', 'fish', 'smartstore-orders.json'],
        // Names every JavaScript object has: a table looked up by them must not find them.
        ...[
          '__proto__',
          'constructor',
          'toString',
          'hasOwnProperty',
          'valueOf',
          '__proto__=x',
          'constructor=x',
        ],
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom(...files) },
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' ', '-', '--', '\u0000', 'x'.repeat(3000), '주문'.repeat(200)),
    },
  );
}

/** Values an option is mostly given: its choices, or what such an option takes; and odd ones. */
const LIKELY: Record<string, string[]> = {
  '--timeout': ['5s', '30s', '1ms'],
  '--limit': ['1', '10', '0'],
  '--kind': ['order', 'shipment', 'product', 'text', 'photo'],
  '--state': ['accepted', 'rejected', 'queued', 'applied'],
  '--query': ['results[0]', 'length(@)', '[?'],
  '--columns': ['order_id=주문번호', '{"order_id":"주문번호"}'],
  '--preset': ['smartstore-orders', 'coupang-dispatch', 'nope'],
};

function valueOf(
  option: FuzzedCommand['options'][number],
  given: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  const likely = option.choices ?? LIKELY[option.flag];
  return likely
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...likely) }, { weight: 1, arbitrary: given })
    : given;
}

/** A command line for one of `commands`: its arguments, a few of its options, now and then a word too many. */
export function fuzzedArgv(
  commands: readonly FuzzedCommand[],
  files: readonly string[],
): fc.Arbitrary<string[]> {
  const given = value(files);
  return fc.constantFrom(...commands).chain((command) => {
    const args = command.args.map((arg) =>
      fc
        .tuple(fc.boolean(), fc.array(given, { minLength: 1, maxLength: arg.variadic ? 3 : 1 }))
        .map(([leftOut, values]) => (leftOut && !arg.required ? [] : values)),
    );
    const options = fc
      .subarray(command.options, { maxLength: 3 })
      .chain((chosen) =>
        fc.tuple(
          ...chosen.map((option) =>
            option.value
              ? valueOf(option, given).map((text) => [option.flag, text])
              : fc.constant([option.flag]),
          ),
        ),
      );
    // A word too many, now and then.
    const extra = fc.oneof(
      { weight: 8, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.constantFrom(['--nope'], ['surplus'], ['-x'], ['--json']) },
    );
    return fc
      .tuple(fc.tuple(...args), options, extra)
      .map(([argValues, optionWords, more]) => [
        ...command.path,
        ...argValues.flat(),
        ...optionWords.flat(),
        ...more,
      ]);
  });
}

/** What standard input holds: nothing, a record, or text. */
export const fuzzedStdin = fc.constantFrom(
  '',
  '{"id":"P-1","name":"감귤"}',
  'not json',
  'secret-of-thirty-characters-123\n',
);

/** The exit codes a command may end with here (no marketplace, no Ctrl-C). */
const CODES = [0, 1, 2, 3, 4, 5];

/**
 * Runs `argv` in-process with `stdin`: it ends with a documented exit code and says what went wrong in
 * words (no stack, nothing "unexpected").
 */
export async function expectSaidInWords(
  argv: string[],
  stdin: string,
  env: Record<string, string>,
): Promise<number> {
  const result = await cli(argv, { env, stdin });
  const said = `intake ${argv.map((word) => JSON.stringify(word).slice(0, 80)).join(' ')}: ${result.stderr.slice(0, 600)}`;
  expect(CODES, said).toContain(result.code);
  expect(result.stderr, said).not.toMatch(/\n\s+at |unexpected error|internal error/);
  return result.code;
}

/**
 * Runs a file's tests in a folder of their own: a command line names files relative to where it runs
 * (`catalog export table`, `--report surplus`), and those go there, not into the checkout.
 */
export function inTempFolder(): void {
  let before = '';
  beforeAll(() => {
    before = process.cwd();
    process.chdir(tempDir('intake-cwd-'));
  });
  afterAll(() => process.chdir(before));
}

/** Runs `runs` fuzzed command lines against the service of `env`: the exit codes seen, by count. */
export async function fuzzCommandLines(
  env: Record<string, string>,
  { runs, seed }: { runs: number; seed: number },
): Promise<{ codes: Map<number, number>; commands: number }> {
  const commands = await fuzzedCommands();
  const codes = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(fuzzedArgv(commands, fuzzFiles()), fuzzedStdin, async (argv, stdin) => {
      const code = await expectSaidInWords(argv, stdin, env);
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }),
    { numRuns: runs, seed },
  );
  return { codes, commands: commands.length };
}
