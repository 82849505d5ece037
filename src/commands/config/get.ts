import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { effectiveSettings } from './list.js';

export function newConfigGetCommand(f: Factory): Command {
  return new Command('get')
    .description('Print the effective value of one setting (the secret is never printed)')
    .argument(
      '<key>',
      'profile, base_url, sandbox_base_url, access_key_id, secret_access_key, output or timeout',
    )
    .addHelpText(
      'after',
      examples('intake config get base_url', 'intake config get access_key_id --profile shop-b'),
    )
    .action(async (key: string) => {
      const settings = await effectiveSettings(f);
      const setting = settings.find((candidate) => candidate.key === key);
      if (!setting)
        throw new UsageError(`unknown setting "${key}"`, [
          `Settings: ${settings.map((s) => s.key).join(', ')}`,
        ]);
      if ((await f.settings()).output.value === 'json') {
        f.io.stdout.write(`${JSON.stringify(setting, null, 2)}\n`);
      } else if (setting.value !== undefined) {
        f.io.stdout.write(`${setting.value}\n`);
      }
      if (setting.value === undefined) f.log.info(`${key} is not set`);
    });
}
