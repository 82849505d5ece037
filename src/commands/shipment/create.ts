import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { createRun, type CreateOptions } from '../shared/create.js';
import { layoutHelp } from '../shared/layout-help.js';
import { terminalLang } from '../../util/terminal-lang.js';
import { addUploadOptions, uploadOptions, type UploadFlags } from '../shared/upload-options.js';

interface ShipmentCreateFlags extends UploadFlags {
  order?: string;
  items?: string;
  companyCode?: string;
  trackingNumber?: string;
}

/** The options of `intake shipment create`: a shipment from `--order/--items/...`, or a file. */
export function shipmentCreateOptions(file: string | undefined, flags: ShipmentCreateFlags): CreateOptions {
  const upload = uploadOptions(flags);
  const given = [flags.order, flags.items, flags.companyCode, flags.trackingNumber];
  if (given.every((flag) => flag === undefined)) {
    return { resource: 'shipment', ...(file === undefined ? {} : { file }), upload };
  }
  if (file !== undefined) {
    throw new UsageError('give either a file or --order/--items/--company-code/--tracking-number, not both');
  }
  return {
    resource: 'shipment',
    fromFlags: {
      record: {
        order_id: flags.order,
        order_item_ids: flags.items
          ?.split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
        company_code: flags.companyCode,
        tracking_number: flags.trackingNumber,
      },
      flags: {
        order_id: '--order',
        order_item_ids: '--items',
        company_code: '--company-code',
        tracking_number: '--tracking-number',
      },
    },
    upload,
  };
}

export function newShipmentCreateCommand(
  f: Factory,
  runF: (options: CreateOptions, f: Factory) => Promise<void> = createRun,
): Command {
  const command = new Command('create')
    .description(
      'Create shipments: from flags, one JSON object, or many from a JSON array, NDJSON, CSV or .xlsx',
    )
    .argument('[file]', 'file to read, or - for standard input')
    .option('--order <id>', 'order id')
    .option('--items <ids>', 'order item ids, separated by commas')
    .option('--company-code <code>', 'carrier: a code, its name or a short name (see: intake carriers)')
    .option('--tracking-number <number>', 'waybill number ("self" for self delivery)')
    .option(
      '--carriers <file>',
      "the service's carriers, as JSON {code, name} (default: the profile's, else built in)",
    );
  addUploadOptions(command);
  return command
    .addHelpText('after', () => layoutHelp('shipment', terminalLang(f.env)))
    .addHelpText(
      'after',
      examples(
        'intake shipment create --order ORD-1001 --items ORD-1001-1,ORD-1001-2 --company-code kr.cjlogistics --tracking-number 640123456789',
        'intake shipment create --order ORD-1002 --items ORD-1002-1 --company-code self --tracking-number self',
        'intake shipment create shipment.json --json',
        'intake shipment create --order ORD-1003 --items ORD-1003-1 --company-code CJ대한통운 --tracking-number 640123456790',
        'intake shipment create shipments.csv && intake queue status --wait',
        'intake shipment create 발송처리.xlsx     # a Smartstore dispatch sheet: orders found from the items',
      ),
    )
    .action((file: string | undefined, flags: ShipmentCreateFlags) =>
      runF(shipmentCreateOptions(file, flags), f),
    );
}
