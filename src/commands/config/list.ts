import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { effectiveSettings } from './effective.js';
import { configWords } from './words.js';

export type ConfigListOptions = Record<string, never>;

export async function configListRun(_options: ConfigListOptions, f: Factory): Promise<void> {
  const rows = await effectiveSettings(f);
  const store = await f.config();
  const words = configWords(f);
  await writeData(f, {
    json: {
      config_file: store.path,
      profiles: store.profileNames(),
      settings: Object.fromEntries(rows.map(({ key, ...rest }) => [key, rest])),
    },
    rows,
    columns: [
      { header: 'setting', value: (setting) => setting.key },
      { header: 'value', value: (setting) => setting.value },
      {
        header: 'source',
        value: (setting) => setting.source,
        shown: (setting) => words.source(setting.source),
      },
      {
        header: 'from',
        value: (setting) => setting.origin,
        shown: (setting) => words.origin(setting.origin),
      },
    ],
  });
  f.log.info(words.configFile(store.path));
}

export function newConfigListCommand(
  f: Factory,
  runF: (options: ConfigListOptions, f: Factory) => Promise<void> = configListRun,
): Command {
  return new Command('list')
    .description(
      'Show each effective setting and where it comes from (flag, env, profile, keychain, default)',
    )
    .addHelpText('after', examples('intake config list', 'intake config list --profile shop-b --json'))
    .action(() => runF({}, f));
}
