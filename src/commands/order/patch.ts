import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { describeIssues } from '../../cli/report-error.js';
import { writeResult } from '../shared/create-one.js';

interface PatchOptions {
  recipientName?: string;
  recipientCellphone?: string;
}

export function newOrderPatchCommand(f: Factory): Command {
  return new Command('patch')
    .description('Change the recipient of an order (applied or still queued); both fields are required')
    .argument('<id>', 'order id')
    .option('--recipient-name <name>', 'recipient’s full name')
    .option('--recipient-cellphone <phone>', 'recipient’s phone number')
    .addHelpText(
      'after',
      examples('intake order patch ORD-1001 --recipient-name 김민지 --recipient-cellphone 010-9876-5432'),
    )
    .action(async (id: string, options: PatchOptions) => {
      const { OrderPatchBody, check } = await import('../../contract/index.js');
      const checked = check(
        OrderPatchBody,
        { recipient_name: options.recipientName, recipient_cellphone: options.recipientCellphone },
        [],
      );
      if (!checked.ok) {
        throw new UsageError(
          'invalid patch; nothing was sent:',
          describeIssues(checked.issues, {
            recipient_name: '--recipient-name',
            recipient_cellphone: '--recipient-cellphone',
          }),
        );
      }
      await (await f.apiClient()).patchOrder(id, checked.value);
      await writeResult(f, { id, outcome: 'updated', status: 204, message: 'Order recipient updated.' });
    });
}
