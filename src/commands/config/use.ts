import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { configWords } from './words.js';

export interface ConfigUseOptions {
  profile: string;
}

export async function configUseRun(options: ConfigUseOptions, f: Factory): Promise<void> {
  const store = await f.config();
  const name = options.profile;
  if (store.profile(name) === undefined) {
    const known = store.profileNames();
    throw new UsageError(`there is no profile "${name}"`, [
      known.length > 0 ? `Profiles: ${known.join(', ')}` : 'No profiles yet.',
      `Create it with: intake login --profile ${name}`,
    ]);
  }
  await store.useProfile(name);
  f.log.info(configWords(f).nowUsing(name));
}

export function newConfigUseCommand(
  f: Factory,
  runF: (options: ConfigUseOptions, f: Factory) => Promise<void> = configUseRun,
): Command {
  return new Command('use')
    .description('Make a profile the one used when neither --profile nor INTAKE_PROFILE says otherwise')
    .argument('<profile>')
    .addHelpText('after', examples('intake config use shop-b', 'intake config use default'))
    .action((profile: string) => runF({ profile }, f));
}
