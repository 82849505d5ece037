import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { TOPICS } from './topics.js';
import { closestTo } from '../../util/suggest.js';
import { own } from '../../util/own.js';
import { terminalLang } from '../../util/terminal-lang.js';

export interface HelpOptions {
  words: string[];
}

/** Help for a command at any depth (`intake help order create`), or a topic (`intake help exit-codes`). */
export async function helpRun(options: HelpOptions, f: Factory, program: Command): Promise<void> {
  const [first] = options.words;
  if (first === undefined) {
    program.outputHelp();
    return;
  }
  const topic = own<string>(TOPICS, first);
  if (topic !== undefined && options.words.length === 1) {
    const korean = terminalLang(f.env) === 'ko' ? (await import('./topics-ko.js')).TOPICS_KO : undefined;
    f.io.stdout.write(korean ? (own<string>(korean, first) ?? topic) : topic);
    return;
  }
  let command = program;
  for (const word of options.words) {
    const sub = command.commands.find((candidate) => candidate.name() === word);
    if (!sub) {
      const here =
        command === program
          ? 'intake'
          : `intake ${options.words.slice(0, options.words.indexOf(word)).join(' ')}`;
      const known = command.commands
        .map((candidate) => candidate.name())
        .filter((name) => name !== 'completion-server');
      const topics = command === program ? Object.keys(TOPICS) : [];
      const guess = closestTo(word, [...known, ...topics]);
      throw new UsageError(`${here} has no command${topics.length > 0 ? ' or topic' : ''} "${word}"`, [
        ...(guess ? [`Did you mean "${guess}"?`] : []),
        `Commands: ${known.join(', ')}`,
        ...(command === program ? [`Topics: ${Object.keys(TOPICS).join(', ')}`] : []),
      ]);
    }
    command = sub;
  }
  command.outputHelp();
}

export function newHelpCommand(f: Factory, program: () => Command): Command {
  return new Command('help')
    .description('Help for a command (intake help order create) or a topic: environment, exit-codes, formats')
    .argument('[command...]', 'a command and its subcommands, or a topic')
    .action((words: string[]) => helpRun({ words }, f, program()));
}
