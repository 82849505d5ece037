import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { effectiveSettings } from './effective.js';
import { configWords } from './words.js';

export interface ConfigGetOptions {
  key: string;
}

export async function configGetRun(options: ConfigGetOptions, f: Factory): Promise<void> {
  const settings = await effectiveSettings(f);
  const setting = settings.find((candidate) => candidate.key === options.key);
  if (!setting) {
    throw new UsageError(`unknown setting "${options.key}"`, [
      `Settings: ${settings.map((s) => s.key).join(', ')}`,
    ]);
  }
  if ((await f.settings()).output.value === 'json') {
    const value = f.query ? f.query(setting) : setting;
    f.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  } else if (setting.value !== undefined) {
    f.io.stdout.write(`${setting.value}\n`);
  }
  if (setting.value === undefined) f.log.info(configWords(f).notSet(options.key));
}

export function newConfigGetCommand(
  f: Factory,
  runF: (options: ConfigGetOptions, f: Factory) => Promise<void> = configGetRun,
): Command {
  return new Command('get')
    .description('Print the effective value of one setting (the secret is never printed)')
    .argument(
      '<key>',
      'profile, base_url, sandbox_base_url, access_key_id, secret_access_key, output, timeout or carriers',
    )
    .addHelpText(
      'after',
      examples('intake config get base_url', 'intake config get access_key_id --profile shop-b'),
    )
    .action((key: string) => runF({ key }, f));
}
