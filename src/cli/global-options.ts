import { Option, type Command } from 'commander';
import type { GlobalOptions } from './settings.js';

/** The output formats of `-o, --output`. */
export const OUTPUT_FORMATS = ['table', 'json', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const GLOBAL_OPTIONS: readonly (() => Option)[] = [
  () => new Option('--profile <name>', 'use this profile of the config store'),
  () =>
    new Option(
      '--base-url <url>',
      'service address (default: the profile, INTAKE_BASE_URL, or http://127.0.0.1:8080)',
    ),
  () => new Option('--sandbox', "use the profile's sandbox_base_url"),
  () => new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS),
  () => new Option('--json', 'same as --output json'),
  () => new Option('--verbose', 'print each HTTP request on stderr (Authorization redacted)'),
  () => new Option('-q, --quiet', 'print only data and errors'),
  () => new Option('--no-color', 'do not colour output'),
  () =>
    new Option(
      '--timeout <duration>',
      'each HTTP attempt’s connect and answer timeout (a request is tried up to 4 times), e.g. 30s',
    ),
  () =>
    new Option('--query <expression>', 'JMESPath expression applied to the JSON output, as in the AWS CLI'),
];

/** The global options that take a value (the word after them is not a command). */
export const VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--profile',
  '--base-url',
  '-o',
  '--output',
  '--timeout',
  '--query',
]);

const KEYS: readonly (keyof GlobalOptions)[] = [
  'profile',
  'baseUrl',
  'sandbox',
  'output',
  'json',
  'verbose',
  'quiet',
  'color',
  'timeout',
  'query',
];

/**
 * Adds the global options to a command. The root shows them in help; subcommands take them too (so they
 * may follow the subcommand) but leave them out of their help, which lists them as global options.
 */
export function addGlobalOptions(command: Command): void {
  for (const make of GLOBAL_OPTIONS) command.addOption(make().hideHelp(command.parent !== null));
}

/** The global options given on the command line, before or after the subcommand; the one nearest the end wins. */
export function readGlobalOptions(leaf: Command): GlobalOptions {
  const chain: Command[] = [];
  for (let command: Command | null = leaf; command; command = command.parent) chain.unshift(command);
  const merged: GlobalOptions = {};
  for (const command of chain) {
    const values = command.opts();
    for (const key of KEYS) {
      if (command.getOptionValueSource(key) !== 'cli') continue;
      (merged as Record<string, unknown>)[key] = values[key];
    }
  }
  return merged;
}
