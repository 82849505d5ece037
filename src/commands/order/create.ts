import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { createRun, type CreateOptions } from '../shared/create.js';
import { layoutHelp } from '../shared/layout-help.js';
import { terminalLang } from '../../util/terminal-lang.js';
import { addUploadOptions, uploadOptions, type UploadFlags } from '../shared/upload-options.js';

export function newOrderCreateCommand(
  f: Factory,
  runF: (options: CreateOptions, f: Factory) => Promise<void> = createRun,
): Command {
  const command = new Command('create')
    .description(
      'Create orders: one JSON object, or many from a JSON array, NDJSON, CSV or .xlsx (one row per item)',
    )
    .argument('[file]', 'file to read, or - for standard input');
  addUploadOptions(command);
  command.option(
    '--products <file>',
    'a catalog (CSV, .xlsx or JSON of id, name, image_url) for lines without a product name or image',
  );
  return command
    .addHelpText('after', () => layoutHelp('order', terminalLang(f.env)))
    .addHelpText(
      'after',
      examples(
        'intake order create order.json',
        'cat order.json | intake order create - --json',
        'intake order create orders.csv --dry-run',
        'intake order create orders.csv --report report.csv',
        'intake order create export.csv --encoding cp949 --columns "order_id=주문번호,recipient_name=수령인"',
        'intake order create orders.csv --update     # send corrected recipients of orders sent before',
        'intake order create 스마트스토어_주문.xlsx --products catalog.csv   # a Smartstore download, images from a catalog',
        'intake order create orders.xlsx --password-stdin < password.txt',
      ),
    )
    .action((file: string | undefined, flags: UploadFlags) =>
      runF({ resource: 'order', ...(file === undefined ? {} : { file }), upload: uploadOptions(flags) }, f),
    );
}
