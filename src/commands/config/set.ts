import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { OUTPUT_FORMATS, baseUrlProblem } from '../../cli/settings.js';
import { hasUserInfo, isHttpUrl } from '../../cli/values.js';
import { parseDuration } from '../../util/duration.js';
import { listed } from '../../util/listed.js';
import { SETTABLE_KEYS, type SettableKey } from './effective.js';
import { configWords } from './words.js';

const CHECKS: Record<Exclude<SettableKey, 'carriers'>, [(value: string) => boolean, string]> = {
  base_url: [(value) => isHttpUrl(value), "the service's http(s) address"],
  sandbox_base_url: [(value) => isHttpUrl(value), "the sandbox's http(s) address"],
  access_key_id: [(value) => value.trim() !== '' && !value.includes(':'), 'an access key id (no colon)'],
  output: [(value) => (OUTPUT_FORMATS as readonly string[]).includes(value), listed(OUTPUT_FORMATS, 'or')],
  timeout: [(value) => (parseDuration(value) ?? 0) > 0, 'a duration such as 30s'],
  naver_base_url: [(value) => isHttpUrl(value), "the Naver Commerce API's http(s) address (or a relay's)"],
  coupang_base_url: [(value) => isHttpUrl(value), "the Coupang Open API's http(s) address (or a relay's)"],
  cafe24_base_url: [
    (value) => isHttpUrl(value.replace('{mall_id}', 'mall')),
    "the Cafe24 API's http(s) address, {mall_id} where the mall goes",
  ],
  cafe24_redirect_uri: [(value) => isHttpUrl(value), "the app's registered redirect address"],
};

export interface ConfigSetOptions {
  key: SettableKey;
  value: string;
}

/** Checks the key and value; a carriers file is read now, so a bad one is found at once. */
export async function configSetOptions(key: string, value: string): Promise<ConfigSetOptions> {
  if (key === 'secret_access_key') {
    throw new UsageError('a secret is never taken on the command line', [
      'Store it with: intake login (it asks), or: printf %s "$SECRET" | intake login --access-key-id <id> --secret-stdin',
    ]);
  }
  if (!(SETTABLE_KEYS as readonly string[]).includes(key)) {
    throw new UsageError(`unknown setting "${key}"`, [`Settings: ${SETTABLE_KEYS.join(', ')}`]);
  }
  if (key === 'carriers') {
    const { readCarriersFile } = await import('../../cli/carriers.js');
    await readCarriersFile(value, 'intake config set carriers');
  } else if (key === 'base_url' || key === 'sandbox_base_url') {
    // The same check as when the address is used: what is stored can be used.
    const problem = baseUrlProblem(value, `intake config set ${key}`);
    if (problem) throw problem;
  } else if (hasUserInfo(value)) {
    // Said without the value: an error line is often pasted or logged.
    throw new UsageError(`${key} has a user name or password in it`, ['Give the address without them.']);
  } else {
    const [valid, expected] = CHECKS[key as Exclude<SettableKey, 'carriers'>];
    if (!valid(value)) throw new UsageError(`${key} must be ${expected}, not "${value}"`);
  }
  return { key: key as SettableKey, value };
}

export async function configSetRun(options: ConfigSetOptions, f: Factory): Promise<void> {
  const profile = (await f.settings()).profile.value;
  await (await f.config()).updateProfile(profile, { [options.key]: options.value });
  f.log.info(configWords(f).set(options.key, profile));
}

export function newConfigSetCommand(
  f: Factory,
  runF: (options: ConfigSetOptions, f: Factory) => Promise<void> = configSetRun,
): Command {
  return new Command('set')
    .description('Set a setting of the current profile (or --profile)')
    .argument('<key>', SETTABLE_KEYS.join(', '))
    .argument('<value>')
    .addHelpText(
      'after',
      examples(
        'intake config set base_url https://intake.example.com',
        'intake config set sandbox_base_url https://sandbox.intake.example.com --profile shop-b',
        'intake config set output json',
        'intake config set carriers ./service-carriers.json',
      ),
    )
    .action(async (key: string, value: string) => runF(await configSetOptions(key, value), f));
}
