import { Command } from 'commander';
import { EXIT, ExitCode } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { supportWords } from '../../cli/support-words.js';

export type KeysCheckOptions = Record<string, never>;

/** Asks the service whether the credentials in use are valid: exit 0 when they are, 3 when not. */
export async function keysCheckRun(_options: KeysCheckOptions, f: Factory): Promise<void> {
  const settings = await f.settings();
  const result = await (await f.probe()).checkCredentials();
  const key = settings.accessKeyId as NonNullable<typeof settings.accessKeyId>;
  const secretFrom = settings.secretInKeychain?.origin ?? settings.secretAccessKey?.origin ?? '';
  const words = await supportWords(f);
  const row = {
    ...result,
    access_key_id: key.value,
    from: key.origin,
    secret_from: secretFrom,
    base_url: settings.baseUrl.value,
  };
  await writeData(f, {
    json: row,
    rows: [row],
    columns: [
      { header: 'is_valid', value: (r) => r.is_valid, shown: (r) => words.cell(r.is_valid) },
      { header: 'reason', value: (r) => r.reason, shown: (r) => words.reason(r.reason) },
      { header: 'access_key_id', value: (r) => r.access_key_id },
      { header: 'from', value: (r) => r.from, ko: '키 출처' },
      { header: 'secret_from', value: (r) => r.secret_from },
      { header: 'base_url', value: (r) => r.base_url },
    ],
  });
  if (!result.is_valid) {
    f.log.info(words.storeWorking);
    throw new ExitCode(EXIT.auth);
  }
}

export function newKeysCommand(
  f: Factory,
  runF: (options: KeysCheckOptions, f: Factory) => Promise<void> = keysCheckRun,
): Command {
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
        'intake keys check --query is_valid',
      ),
    )
    .action(() => runF({}, f));
  return keys;
}
