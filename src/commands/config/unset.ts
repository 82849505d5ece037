import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { SETTABLE_KEYS, type SettableKey } from './effective.js';
import { configWords } from './words.js';

export interface ConfigUnsetOptions {
  key: SettableKey;
}

export function configUnsetOptions(key: string): ConfigUnsetOptions {
  if (key === 'secret_access_key') {
    throw new UsageError('the secret is removed with: intake logout');
  }
  if (!(SETTABLE_KEYS as readonly string[]).includes(key)) {
    throw new UsageError(`unknown setting "${key}"`, [`Settings: ${SETTABLE_KEYS.join(', ')}`]);
  }
  return { key: key as SettableKey };
}

export async function configUnsetRun(options: ConfigUnsetOptions, f: Factory): Promise<void> {
  const profile = (await f.settings()).profile.value;
  const store = await f.config();
  if (store.profile(profile)?.[options.key] === undefined) {
    f.log.info(configWords(f).notSetIn(options.key, profile));
    return;
  }
  await store.updateProfile(profile, { [options.key]: undefined });
  f.log.info(configWords(f).removed(options.key, profile));
}

export function newConfigUnsetCommand(
  f: Factory,
  runF: (options: ConfigUnsetOptions, f: Factory) => Promise<void> = configUnsetRun,
): Command {
  return new Command('unset')
    .description('Remove a setting from the current profile (or --profile); its default applies again')
    .argument('<key>', SETTABLE_KEYS.join(', '))
    .addHelpText(
      'after',
      examples('intake config unset sandbox_base_url', 'intake config unset output --profile shop-b'),
    )
    .action((key: string) => runF(configUnsetOptions(key), f));
}
