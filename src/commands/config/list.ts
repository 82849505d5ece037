import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import type { Setting } from '../../cli/settings.js';
import { formatDuration } from '../../util/duration.js';

/** How a secret is shown anywhere: never its characters. */
export const MASKED = '********';

export interface EffectiveSetting {
  key: string;
  value: string | number | undefined;
  source: string;
  origin: string;
}

const row = (key: string, setting: Setting<string | number> | undefined, mask = false): EffectiveSetting => ({
  key,
  value: setting === undefined ? undefined : mask ? MASKED : setting.value,
  source: setting?.source ?? 'unset',
  origin: setting?.origin ?? '',
});

/** Every effective setting with where it came from; the secret masked. */
export async function effectiveSettings(f: Factory): Promise<EffectiveSetting[]> {
  const settings = await f.settings();
  const profile = (await f.config()).profile(settings.profile.value);
  return [
    row('profile', settings.profile),
    row('base_url', settings.baseUrl),
    row(
      'sandbox_base_url',
      profile?.sandbox_base_url === undefined
        ? undefined
        : {
            value: profile.sandbox_base_url,
            source: 'profile',
            origin: `profile "${settings.profile.value}"`,
          },
    ),
    row('access_key_id', settings.accessKeyId),
    row('secret_access_key', settings.secretAccessKey, true),
    row('output', settings.output),
    row('timeout', { ...settings.timeoutMs, value: formatDuration(settings.timeoutMs.value) }),
  ];
}

export function newConfigListCommand(f: Factory): Command {
  return new Command('list')
    .description('Show each effective setting and where it comes from (flag, env, profile, default)')
    .addHelpText('after', examples('intake config list', 'intake config list --profile shop-b --json'))
    .action(async () => {
      const rows = await effectiveSettings(f);
      await writeData(f, {
        json: {
          config_file: (await f.config()).path,
          profiles: (await f.config()).profileNames(),
          settings: Object.fromEntries(rows.map(({ key, ...rest }) => [key, rest])),
        },
        rows,
        columns: [
          { header: 'setting', value: (setting) => setting.key },
          { header: 'value', value: (setting) => setting.value },
          { header: 'source', value: (setting) => setting.source },
          { header: 'from', value: (setting) => setting.origin },
        ],
      });
      f.log.info(`Config file: ${(await f.config()).path}`);
    });
}
