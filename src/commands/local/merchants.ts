import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeRecord } from '../../cli/output.js';
import { readSecret, wholeNumber } from '../../cli/values.js';
import { localWords } from './words.js';

export interface LocalMerchantAddOptions {
  merchantId: string;
  accessKeyId?: string;
  secretStdin: boolean;
  thanksDelayDays?: number;
}

export async function localMerchantAddRun(options: LocalMerchantAddOptions, f: Factory): Promise<void> {
  const secret = options.secretStdin ? await readSecret(f.io.stdin) : undefined;
  const client = await f.apiClient();
  const merchant = await client.local.addMerchant({
    merchant_id: options.merchantId,
    ...(options.accessKeyId === undefined ? {} : { access_key_id: options.accessKeyId }),
    ...(secret === undefined ? {} : { secret_access_key: secret }),
    ...(options.thanksDelayDays === undefined ? {} : { thanks_delay_days: options.thanksDelayDays }),
  });
  await writeRecord(f, merchant);
  if (merchant.secret_access_key) f.log.info(localWords(f).secretOnce);
}

export function newLocalMerchantsCommand(
  f: Factory,
  runF: (options: LocalMerchantAddOptions, f: Factory) => Promise<void> = localMerchantAddRun,
): Command {
  const merchants = new Command('merchants').description('Merchants of the local service');
  merchants
    .command('add')
    .description('Add a merchant with its own credentials and data (the secret is shown once when generated)')
    .argument('<merchant-id>')
    .option('--access-key-id <id>', 'its access key id (default: generated)')
    .option('--secret-stdin', 'read its secret from stdin (default: generated)')
    .option('--thanks-delay-days <n>', 'days from an order to the thanks message of a self delivery')
    .addHelpText(
      'after',
      examples(
        'intake local merchants add shop-b',
        'printf %s "$SECRET" | intake local merchants add shop-c --access-key-id AKSHOPC --secret-stdin',
      ),
    )
    .action(
      (
        merchantId: string,
        flags: { accessKeyId?: string; secretStdin?: boolean; thanksDelayDays?: string },
      ) =>
        runF(
          {
            merchantId,
            ...(flags.accessKeyId === undefined ? {} : { accessKeyId: flags.accessKeyId }),
            secretStdin: flags.secretStdin === true,
            ...(flags.thanksDelayDays === undefined
              ? {}
              : { thanksDelayDays: wholeNumber('--thanks-delay-days', flags.thanksDelayDays, { max: 365 }) }),
          },
          f,
        ),
    );
  return merchants;
}
