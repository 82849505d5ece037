import { Command } from 'commander';
import { EXIT, ExitCode } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export function newKeysCommand(f: Factory): Command {
  const keys = new Command('keys').description('Credentials');
  keys
    .command('check')
    .description('Check the credentials in use with the service; exit 0 when valid, 3 when not')
    .addHelpText(
      'after',
      examples(
        'intake keys check',
        'intake keys check --profile shop-b',
        'INTAKE_ACCESS_KEY_ID=... INTAKE_SECRET_ACCESS_KEY=... intake keys check --json',
      ),
    )
    .action(async () => {
      const settings = await f.settings();
      const result = await (await f.apiClient()).checkCredentials();
      const key = settings.accessKeyId as NonNullable<typeof settings.accessKeyId>;
      await writeData(f, {
        json: result,
        rows: [{ ...result, access_key_id: key.value, from: key.origin }],
        columns: [
          { header: 'is_valid', value: (row) => row.is_valid },
          { header: 'reason', value: (row) => row.reason },
          { header: 'access_key_id', value: (row) => row.access_key_id },
          { header: 'from', value: (row) => row.from },
        ],
      });
      if (!result.is_valid) {
        f.log.info('Store working credentials with: intake login');
        throw new ExitCode(EXIT.auth);
      }
    });
  return keys;
}
