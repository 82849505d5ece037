import { Command } from 'commander';
import type { UploadOptions } from '../../bulk/options.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { createFromInput } from '../shared/create-from-input.js';
import { createOne } from '../shared/create-one.js';
import { addUploadOptions } from '../shared/upload-options.js';

interface ShipmentCreateOptions extends UploadOptions {
  order?: string;
  items?: string;
  companyCode?: string;
  trackingNumber?: string;
}

export function newShipmentCreateCommand(f: Factory): Command {
  const command = new Command('create')
    .description('Create shipments: from flags, one JSON object, or many from a JSON array, NDJSON or CSV')
    .argument('[file]', 'file to read, or - for standard input')
    .option('--order <id>', 'order id')
    .option('--items <ids>', 'order item ids, separated by commas')
    .option('--company-code <code>', 'carrier code (see: intake carriers)')
    .option('--tracking-number <number>', 'waybill number ("self" for self delivery)');
  addUploadOptions(command);
  return command
    .addHelpText(
      'after',
      examples(
        'intake shipment create --order ORD-1001 --items ORD-1001-1,ORD-1001-2 --company-code kr.cjlogistics --tracking-number 640123456789',
        'intake shipment create --order ORD-1002 --items ORD-1002-1 --company-code self --tracking-number self',
        'intake shipment create shipment.json --json',
        'intake shipment create shipments.csv && intake queue status --wait',
      ),
    )
    .action(async (file: string | undefined, options: ShipmentCreateOptions) => {
      const flags = [options.order, options.items, options.companyCode, options.trackingNumber];
      if (flags.every((flag) => flag === undefined)) return createFromInput(f, 'shipment', file, options);
      if (file !== undefined)
        throw new UsageError(
          'give either a file or --order/--items/--company-code/--tracking-number, not both',
        );
      const record = {
        order_id: options.order,
        order_item_ids: options.items?.split(',').map((item) => item.trim()),
        company_code: options.companyCode,
        tracking_number: options.trackingNumber,
      };
      return createOne(f, 'shipment', record, {
        label: 'the flags',
        dryRun: options.dryRun === true,
        flags: {
          order_id: '--order',
          order_item_ids: '--items',
          company_code: '--company-code',
          tracking_number: '--tracking-number',
        },
      });
    });
}
