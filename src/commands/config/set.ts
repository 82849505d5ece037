import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { OUTPUT_FORMATS } from '../../cli/settings.js';
import type { ProfileKey } from '../../cli/config-store.js';
import { parseDuration } from '../../util/duration.js';
import { isHttpUrl } from '../../cli/values.js';

const CHECKS: Partial<Record<ProfileKey, [(value: string) => boolean, string]>> = {
  base_url: [isHttpUrl, 'an http(s) URL'],
  sandbox_base_url: [isHttpUrl, 'an http(s) URL'],
  access_key_id: [(value) => value.trim() !== '' && !value.includes(':'), 'an access key id (no colon)'],
  output: [(value) => (OUTPUT_FORMATS as readonly string[]).includes(value), OUTPUT_FORMATS.join(', ')],
  timeout: [(value) => (parseDuration(value) ?? 0) > 0, 'a duration such as 30s'],
};

export function newConfigSetCommand(f: Factory): Command {
  return new Command('set')
    .description('Set a setting of the current profile (or --profile)')
    .argument('<key>', Object.keys(CHECKS).join(', '))
    .argument('<value>')
    .addHelpText(
      'after',
      examples(
        'intake config set base_url https://intake.example.com',
        'intake config set sandbox_base_url https://sandbox.intake.example.com --profile shop-b',
        'intake config set output json',
      ),
    )
    .action(async (key: string, value: string) => {
      if (key === 'secret_access_key') {
        throw new UsageError('a secret is never taken on the command line', [
          'Store it with: printf %s "$SECRET" | intake login --access-key-id <id> --secret-stdin',
        ]);
      }
      const rule = CHECKS[key as ProfileKey];
      if (!rule)
        throw new UsageError(`unknown setting "${key}"`, [`Settings: ${Object.keys(CHECKS).join(', ')}`]);
      const [valid, expected] = rule;
      if (!valid(value)) throw new UsageError(`${key} must be ${expected}, not "${value}"`);
      const profile = (await f.settings()).profile.value;
      (await f.config()).updateProfile(profile, { [key]: value });
      f.log.info(`Set ${key} of profile "${profile}".`);
    });
}
