import { Command } from 'commander';
import { AuthError, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeRecord } from '../../cli/output.js';
import { isHttpUrl, readSecret } from '../../cli/values.js';

interface LoginOptions {
  accessKeyId?: string;
  secretStdin?: boolean;
}

export function newLoginCommand(f: Factory): Command {
  return new Command('login')
    .description('Check credentials with the service and save them in a profile')
    .option('--access-key-id <id>', 'access key id (without a terminal, with --secret-stdin)')
    .option('--secret-stdin', 'read the secret access key from stdin (never pass a secret as an argument)')
    .addHelpText(
      'after',
      examples(
        'intake login',
        'intake login --profile shop-b --base-url https://intake.example.com',
        'printf %s "$INTAKE_SECRET" | intake login --access-key-id AK123 --secret-stdin',
      ),
    )
    .action(async (options: LoginOptions) => {
      const settings = await f.settings();
      const profileName = settings.profile.value;
      const stored = (await f.config()).profile(profileName);
      const interactive = f.io.stdin.isTTY === true && f.io.stderr.isTTY === true && !options.secretStdin;

      let baseUrl = settings.baseUrl.value;
      let accessKeyId = options.accessKeyId;
      let secretAccessKey: string;
      if (options.secretStdin) {
        if (!accessKeyId) throw new UsageError('--secret-stdin needs --access-key-id');
        secretAccessKey = await readSecret(f.io.stdin);
      } else if (interactive) {
        const prompter = await f.prompter();
        if (f.globals.baseUrl === undefined) {
          baseUrl = await prompter.input('Base URL of the service', {
            default: baseUrl,
            validate: (value) => isHttpUrl(value) || 'Enter an http:// or https:// URL',
          });
        }
        accessKeyId ??= await prompter.input('Access key id', {
          ...(stored?.access_key_id ? { default: stored.access_key_id } : {}),
          validate: (value) => value.trim() !== '' || 'Enter the access key id',
        });
        secretAccessKey = await prompter.password('Secret access key');
      } else {
        throw new UsageError('cannot prompt without a terminal', [
          'Pass the credentials instead: printf %s "$SECRET" | intake login --access-key-id <id> --secret-stdin',
        ]);
      }
      accessKeyId = accessKeyId.trim();

      const client = await f.apiClientFor(baseUrl, { accessKeyId, secretAccessKey });
      const result = await client.checkCredentials();
      if (!result.is_valid) {
        throw new AuthError(`the service refused these credentials: ${result.reason}`, [
          'Nothing was saved.',
        ]);
      }
      const store = await f.config();
      store.updateProfile(profileName, {
        base_url: baseUrl,
        access_key_id: accessKeyId,
        secret_access_key: secretAccessKey,
      });
      if (store.currentProfile() === undefined) store.useProfile(profileName);
      f.log.info(`Logged in to ${baseUrl} as ${accessKeyId}; saved in profile "${profileName}".`);
      await writeRecord(f, {
        profile: profileName,
        base_url: baseUrl,
        access_key_id: accessKeyId,
        config_file: store.path,
      });
    });
}
