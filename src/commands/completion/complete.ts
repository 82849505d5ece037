import { RECORD_KINDS } from '../../contract/kinds.js';
import type { Command, Option } from 'commander';
import type { Factory } from '../../cli/factory.js';

/** What to offer for the word being typed: these words, or the shell's own file completion. */
export type Candidates = { files: true } | { words: { name: string; description?: string }[] };

/** Options whose value is a file or folder: the shell completes those itself. */
const FILE_OPTIONS = new Set([
  '--report',
  '--columns',
  '--carriers',
  '--input',
  '--products',
  '--secret-file',
  '--data',
  '--merchants',
  '--password-file',
]);

const visible = (command: Command) => command.name() !== 'completion-server';

function findOption(command: Command | null, word: string): Option | undefined {
  for (let current = command; current; current = current.parent) {
    const found = current.options.find((option) => option.long === word || option.short === word);
    if (found) return found;
  }
  return undefined;
}

/** Every option a command takes: its own and, below the root, the global ones it inherits. */
function optionsOf(command: Command): Option[] {
  const seen = new Set<string>();
  const all: Option[] = [];
  for (let current: Command | null = command; current; current = current.parent) {
    for (const option of current.options) {
      if (option.long && !seen.has(option.long)) {
        seen.add(option.long);
        all.push(option);
      }
    }
  }
  return all;
}

/** Values of options that name something intake knows: profiles, carrier codes, and fixed choices. */
async function valuesFor(f: Factory, command: Command, option: Option): Promise<Candidates> {
  if (option.long && FILE_OPTIONS.has(option.long)) return { files: true };
  if (option.argChoices) return { words: option.argChoices.map((name) => ({ name })) };
  switch (option.long) {
    case '--profile':
      return { words: (await f.config()).profileNames().map((name) => ({ name, description: 'profile' })) };
    case '--company-code': {
      const { loadCarriers } = await import('../../cli/carriers.js');
      const book = await loadCarriers(f, undefined);
      return { words: book.carriers.map((carrier) => ({ name: carrier.code, description: carrier.name })) };
    }
    case '--preset': {
      const { presets } = await import('../../bulk/index.js');
      const kind = command.parent?.name();
      return {
        words: presets()
          .filter((preset) => preset.kind === kind)
          .map((preset) => ({ name: preset.name, description: preset.title })),
      };
    }
    case '--format':
      return { words: ['csv', 'json', 'ndjson', 'xlsx'].map((name) => ({ name })) };
    case '--encoding':
      return { words: ['utf-8', 'cp949', 'euc-kr', 'utf-16le'].map((name) => ({ name })) };
    default:
      return { words: [] };
  }
}

/**
 * What to offer at a point of a command line: `words` are the words typed so far (the command first),
 * `current` the one being completed. Follows subcommands as far as the words go, then offers the value
 * of an option that takes one, options when the word starts with `-`, or subcommands, or files where a
 * command reads one.
 */
export async function complete(
  f: Factory,
  program: Command,
  words: readonly string[],
  current: string,
): Promise<Candidates> {
  let command = program;
  let afterOption: Option | undefined;
  for (const word of words.slice(1)) {
    if (afterOption) {
      afterOption = undefined;
      continue;
    }
    if (word.startsWith('-')) {
      const option = findOption(command, word.split('=')[0] as string);
      if (option && (option.required || option.optional) && !word.includes('=')) afterOption = option;
      continue;
    }
    const sub = command.commands.find(
      (candidate) => candidate.name() === word || candidate.aliases().includes(word),
    );
    if (sub) command = sub;
  }
  if (afterOption) return valuesFor(f, command, afterOption);
  if (current.startsWith('-')) {
    return {
      words: optionsOf(command)
        .filter((option) => !option.hidden || command !== program)
        .map((option) => ({ name: option.long as string, description: option.description })),
    };
  }
  if (command.name() === 'help' || command.name() === 'completion') {
    return {
      words: command.registeredArguments[0]?.argChoices?.map((name) => ({ name })) ?? helpWords(program),
    };
  }
  if (command.name() === 'show' && command.parent?.name() === 'columns') {
    const { presets } = await import('../../bulk/index.js');
    return {
      words: [
        ...RECORD_KINDS.map((name) => ({ name, description: 'layout' })),
        ...presets().map((preset) => ({ name: preset.name, description: preset.title })),
      ],
    };
  }
  const subs = command.commands.filter(visible);
  if (subs.length > 0)
    return { words: subs.map((sub) => ({ name: sub.name(), description: sub.description() })) };
  const argument = command.registeredArguments[0];
  if (argument && /file/i.test(argument.name())) return { files: true };
  return { words: [] };
}

function helpWords(program: Command): { name: string; description?: string }[] {
  return [
    ...program.commands.filter(visible).map((sub) => ({ name: sub.name(), description: sub.description() })),
    ...['environment', 'exit-codes', 'formats'].map((name) => ({ name, description: 'help topic' })),
  ];
}
