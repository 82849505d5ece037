import type { Command } from 'commander';

// Commander suggests an option only a few letters away from what was typed: `--datadir` finds `--data`,
// `--data-dir` does not. An unknown option's error without a suggestion of commander's gets the one long
// option that begins the flag given, or is begun by it, up to a hyphen (`--data-dir` or `--data-folder`:
// `--data`; `--sheet-name`: `--sheet`; `--dry`: `--dry-run`). Two or more such options suggest nothing.

const UNKNOWN = /^error: unknown option '(--[^'=]+)(?:=[^']*)?'\n/;

// A value that begins with a minus (`--wait -1s`, `local advance -1d`) reaches commander as an unknown
// option: the line after says it was read as a negative value, which no option or argument here takes.
const NEGATIVE = /^error: unknown option '(-\d[^']*)'\n/;

/** `text`, commander's error about `command`'s command line, with the option meant when one is plain. */
export function withOptionSuggestion(text: string, command: Command): string {
  const negative = NEGATIVE.exec(text);
  if (negative)
    return text.replace(negative[0], `${negative[0]}(${negative[1]}: values here cannot be negative)\n`);
  const match = UNKNOWN.exec(text);
  if (!match || text.includes('(Did you mean')) return text;
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
