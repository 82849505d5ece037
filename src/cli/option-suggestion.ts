import type { Command } from 'commander';

// Commander suggests an option only a few letters away from what was typed: `--datadir` finds `--data`,
// `--data-dir` does not. An unknown option's error without a suggestion of commander's gets the one long
// option that begins the flag given, or is begun by it, up to a hyphen (`--data-dir` or `--data-folder`:
// `--data`; `--sheet-name`: `--sheet`; `--dry`: `--dry-run`). Two or more such options suggest nothing.

const UNKNOWN = /^error: unknown option '(--[^'=]+)(?:=[^']*)?'\n/;

// A value that begins with a minus (`--wait -1s`, `local advance -1d`) reaches commander as an unknown
// option: the line after says it was read as a negative value, which no option or argument here takes.
const NEGATIVE = /^error: unknown option '(-\d[^']*)'\n/;

// `queue status --wait 1s`: that `--wait` takes no value (a wait's limit is `--max-wait`), so the
// duration is an argument too many. The line after says which flag takes it.
const EXCESS = /^error: too many arguments for '[^']+'\. Expected 0 arguments but got 1\.\n/;
const DURATION = /^\d+(?:ms|s|m|h|d)$/;

// `order create --file orders.csv`: the file is the command's argument, given without a flag; the
// flags people reach for to name one say so.
const FILE_FLAG = /^error: unknown option '(--file|--input|--in|--path|-f|-i)(?:=[^']*)?'\n/;

// `api POST … --data '{…}'`, as curl takes a body: `intake api` takes it as gh's does.
const BODY_FLAG = /^error: unknown option '(--data|--data-raw|--body|-d)(?:=[^']*)?'\n/;

// `intake order list`: no command of `order` is near enough for commander to suggest one, so the line
// after names the commands there are.
const UNKNOWN_COMMAND = /^error: unknown command '[^']*'\n/;

/**
 * `text`, commander's error about `command`'s command line, with a line saying what was meant when it
 * is plain: a negative value, a duration for `--max-wait`, or the option a mistyped one stands for.
 */
export function withOptionSuggestion(text: string, command: Command): string {
  const negative = NEGATIVE.exec(text);
  if (negative)
    return text.replace(negative[0], `${negative[0]}(${negative[1]}: values here cannot be negative)\n`);
  const excess = EXCESS.exec(text);
  const given = command.args[0] ?? '';
  if (excess && command.opts().wait === true && DURATION.test(given) && hasOption(command, '--max-wait'))
    return text.replace(
      excess[0],
      `${excess[0]}(--wait takes no value here: to stop waiting after ${given}, add --max-wait ${given})\n`,
    );
  if (text.includes('(Did you mean')) return text;
  const fileFlag = FILE_FLAG.exec(text);
  if (fileFlag && command.registeredArguments.some((argument) => argument.name() === 'file'))
    return text.replace(
      fileFlag[0],
      `${fileFlag[0]}(the file is given without a flag: ${pathOf(command).join(' ')} FILE)\n`,
    );
  const bodyFlag = BODY_FLAG.exec(text);
  if (bodyFlag && hasOption(command, '--input'))
    return text.replace(
      bodyFlag[0],
      `${bodyFlag[0]}(a request body is --input FILE, or --input - for standard input; or fields: -f key=value)\n`,
    );
  const unknownCommand = UNKNOWN_COMMAND.exec(text);
  if (unknownCommand) return text.replace(unknownCommand[0], `${unknownCommand[0]}${commandsOf(command)}\n`);
  const match = UNKNOWN.exec(text);
  if (!match) return text;
  const near = nearOptions(command, match[1] as string);
  return near.length === 1 ? text.replace(match[0], `${match[0]}(Did you mean ${near[0]}?)\n`) : text;
}

/** The long options of `command` and of the commands above it that `flag` is a longer or shorter form of. */
function nearOptions(command: Command, flag: string): string[] {
  const longs = new Set<string>();
  for (let each: Command | null = command; each; each = each.parent) {
    for (const option of each.options) if (!option.hidden && option.long) longs.add(option.long);
  }
  return [...longs].filter((long) => flag.startsWith(`${long}-`) || long.startsWith(`${flag}-`));
}

/** The words that run `command`: `['intake', 'order', 'create']`. */
function pathOf(command: Command): string[] {
  const path: string[] = [];
  for (let each: Command | null = command; each; each = each.parent) path.unshift(each.name());
  return path;
}

/** `(intake order has: create, patch)`: the commands `command` has, as its help lists them. */
function commandsOf(command: Command): string {
  const path = pathOf(command);
  const names = command
    .createHelp()
    .visibleCommands(command)
    .map((sub) => sub.name());
  return `(${path.join(' ')} has: ${names.join(', ')})`;
}

/** Whether `command` has the long option `flag`. */
const hasOption = (command: Command, flag: string) => command.options.some((option) => option.long === flag);
