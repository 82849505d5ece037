import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createFactory } from '../../src/cli/factory.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { buildProgram } from '../../src/cli/program.js';
import { cli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

/** A Factory whose streams go nowhere: the program is only built and parsed here, never run. */
function quietFactory() {
  const sink = () =>
    new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    });
  return createFactory({
    io: { stdin: process.stdin, stdout: sink(), stderr: sink() },
    env: { INTAKE_CONFIG_DIR: tempDir('intake-config-'), INTAKE_DATA_DIR: tempDir('intake-data-') },
    version: '0.0.0-test',
    interrupts: new InterruptHub(),
  });
}

function commandsOf(command: Command, path: string[] = []): string[][] {
  return command.commands
    .filter((sub) => sub.name() !== 'completion-server')
    .flatMap((sub) => [[...path, sub.name()], ...commandsOf(sub, [...path, sub.name()])]);
}

/** The words of a command line as a POSIX shell splits them (quotes, backslashes), substitutions kept as text. */
function words(line: string): string[] {
  const found: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === "'") {
      // A quote left open takes the rest of the line, as far as these examples go.
      const close = line.indexOf("'", i + 1);
      const end = close === -1 ? line.length : close;
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      let text = '';
      for (i++; i < line.length && line[i] !== '"'; i++) text += line[i] === '\\' ? line[++i] : line[i];
      word = (word ?? '') + text;
    } else if (ch === ' ') {
      if (word !== undefined) found.push(word);
      word = undefined;
    } else word = (word ?? '') + (ch === '\\' ? line[++i] : ch);
  }
  if (word !== undefined) found.push(word);
  return found;
}

const isAssignment = (word: string) => /^[A-Z_][A-Z0-9_]*=/.test(word);

/** The parts of a shell line between its pipes and `&&`s, leaving those inside quotes (a jq program's `|`). */
function pipelineParts(line: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"') i++;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '\\') i++;
    else {
      const separator = /^ (\||&&) /.exec(line.slice(i))?.[0];
      if (separator !== undefined) {
        parts.push(line.slice(start, i));
        start = i + separator.length;
        i = start - 1;
      }
    }
  }
  parts.push(line.slice(start));
  return parts;
}

/**
 * The command lines of an example as the program gets them: what follows `intake` in the pipeline's
 * part that runs it (without variables set before it, redirections or a note after it), and in any
 * `$(intake …)` it holds.
 */
function argvsOf(example: string): string[][] {
  const line = example
    .replace(/\s{2,}\(.*\)\s*$/, '')
    .replace(/\s+#.*$/, '')
    .replace(/\s+&$/, '');
  const lines = [line, ...[...line.matchAll(/\$\((intake [^)]*)\)/g)].map((match) => match[1] as string)];
  return lines.flatMap((text) => {
    const part = pipelineParts(text)
      .map((segment) => {
        const all = words(segment.trim());
        const start = all.findIndex((word) => !isAssignment(word));
        const redirect = all.findIndex((word) => /^[<>]/.test(word));
        return all.slice(start, redirect === -1 ? undefined : redirect);
      })
      .find((segment) => segment[0] === 'intake');
    return part ? [part.slice(1)] : [];
  });
}

/** Parses `argv` with every command's action doing nothing; the error of a line it refuses, else undefined. */
async function refusal(argv: string[]): Promise<string | undefined> {
  const parser = await buildProgram(quietFactory(), argv);
  const visit = (command: Command) => {
    if ((command as unknown as { _actionHandler?: unknown })._actionHandler) command.action(() => {});
    command.commands.forEach(visit);
  };
  visit(parser);
  try {
    await parser.parseAsync(argv, { from: 'user' });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the examples of every --help', () => {
  it('each parses as its command line (options, arguments and values as the command takes them)', async () => {
    const program = await buildProgram(quietFactory());
    const examples: { from: string; argv: string[] }[] = [];
    for (const path of [[], ...commandsOf(program)]) {
      const help = await cli([...path, '--help']);
      for (const match of help.stdout.matchAll(/^ {2}\$ (.+)$/gm)) {
        for (const argv of argvsOf(match[1] as string))
          examples.push({ from: ['intake', ...path].join(' '), argv });
      }
    }
    expect(examples.length).toBeGreaterThan(100);

    const refused: string[] = [];
    for (const { from, argv } of examples) {
      const why = await refusal(argv);
      if (why !== undefined) refused.push(`${from}: intake ${argv.join(' ')}: ${why}`);
    }
    expect(refused).toEqual([]);
  });

  it('and each command line of the README and the docs', async () => {
    const root = join(import.meta.dirname, '../..');
    const documents = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const lines: { from: string; argv: string[] }[] = [];
    for (const document of documents) {
      const text = readFileSync(join(root, document), 'utf8');
      for (const block of text.matchAll(/```(?:sh|bash|console)\n([\s\S]*?)```/g)) {
        // A line ending in a backslash goes on in the next.
        for (const line of (block[1] as string).replace(/\\\n\s*/g, '').split('\n')) {
          // A synopsis (`intake serve [--port N]`) is not a command line.
          if (/\[--?\w/.test(line)) continue;
          for (const argv of argvsOf(line.replace(/^\$ /, ''))) lines.push({ from: document, argv });
        }
      }
    }
    expect(lines.length).toBeGreaterThan(50);
    const refused: string[] = [];
    for (const { from, argv } of lines) {
      const why = await refusal(argv);
      if (why !== undefined) refused.push(`${from}: intake ${argv.join(' ')}: ${why}`);
    }
    expect(refused).toEqual([]);
  });
});
