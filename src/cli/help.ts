/** An "Examples:" block for `--help`. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => (line.startsWith('#') ? `  ${line}` : `  $ ${line}`)).join('\n')}\n`;
}
