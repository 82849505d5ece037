import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeRecord } from '../../cli/output.js';

interface AddOptions {
  accessKeyId?: string;
  secretStdin?: boolean;
  thanksDelayDays?: string;
}

async function readSecret(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export function newLocalMerchantsCommand(f: Factory): Command {
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
    .action(async (merchantId: string, options: AddOptions) => {
      let thanks: number | undefined;
      if (options.thanksDelayDays !== undefined) {
        if (!/^\d+$/.test(options.thanksDelayDays))
          throw new UsageError('--thanks-delay-days must be a whole number');
        thanks = Number(options.thanksDelayDays);
      }
      const secret = options.secretStdin ? await readSecret(f.io.stdin) : undefined;
      const merchant = await (
        await f.apiClient()
      ).local.addMerchant({
        merchant_id: merchantId,
        ...(options.accessKeyId === undefined ? {} : { access_key_id: options.accessKeyId }),
        ...(secret === undefined ? {} : { secret_access_key: secret }),
        ...(thanks === undefined ? {} : { thanks_delay_days: thanks }),
      });
      await writeRecord(f, merchant);
      if (merchant.secret_access_key)
        f.log.info('The secret is shown only this once. Use it with: intake login');
    });
  return merchants;
}
