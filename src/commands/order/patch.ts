import { Command } from 'commander';
import type { OrderPatchBody } from '../../contract/order.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { InvalidInput } from '../../cli/invalid-input.js';
import { recordIdArgument } from '../shared/record-flags.js';
import { writeResult } from '../shared/write-result.js';

export interface OrderPatchOptions {
  id: string;
  patch: OrderPatchBody;
}

/**
 * Checks the id and the flags by the input rules and the contract: both fields, not blank.
 */
export async function orderPatchOptions(
  id: string,
  flags: { recipientName?: string; recipientCellphone?: string },
): Promise<OrderPatchOptions> {
  const [{ OrderPatchBody }, { checkInput }] = await Promise.all([
    import('../../contract/index.js'),
    import('../../input/record-rules.js'),
  ]);
  // The same rules as every other input: `="010…"` unwrapped, a phone that lost its leading 0 refused.
  const checked = checkInput(
    'order_patch',
    OrderPatchBody,
    { recipient_name: flags.recipientName, recipient_cellphone: flags.recipientCellphone },
    { source: 'typed' },
  );
  if (!checked.ok) {
    throw new InvalidInput('invalid patch; nothing was sent:', checked.issues, {
      recipient_name: '--recipient-name',
      recipient_cellphone: '--recipient-cellphone',
    });
  }
  return { id: await recordIdArgument('order', id), patch: checked.value };
}

export async function orderPatchRun(options: OrderPatchOptions, f: Factory): Promise<void> {
  await (await f.apiClient()).patchOrder(options.id, options.patch);
  await writeResult(f, {
    id: options.id,
    outcome: 'updated',
    status: 204,
    message: 'Order recipient updated.',
  });
}

export function newOrderPatchCommand(
  f: Factory,
  runF: (options: OrderPatchOptions, f: Factory) => Promise<void> = orderPatchRun,
): Command {
  return new Command('patch')
    .description('Change the recipient of an order (applied or still queued); both fields are required')
    .argument('<id>', 'order id')
    .option('--recipient-name <name>', 'recipient’s full name')
    .option('--recipient-cellphone <phone>', 'recipient’s phone number')
    .addHelpText(
      'after',
      examples('intake order patch ORD-1001 --recipient-name 김민지 --recipient-cellphone 010-9876-5432'),
    )
    .action(async (id: string, flags: { recipientName?: string; recipientCellphone?: string }) =>
      runF(await orderPatchOptions(id, flags), f),
    );
}
