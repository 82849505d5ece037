import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { createRun, type CreateOptions } from '../shared/create.js';
import { layoutHelp } from '../shared/layout-help.js';
import { terminalLang } from '../../util/terminal-lang.js';
import { addUploadOptions, uploadOptions, type UploadFlags } from '../shared/upload-options.js';

interface ProductCreateFlags extends UploadFlags {
  id?: string;
  name?: string;
  imageUrl?: string;
}

/** The options of `intake product create`: a record from `--id/--name/--image-url`, or a file. */
export function productCreateOptions(file: string | undefined, flags: ProductCreateFlags): CreateOptions {
  const upload = uploadOptions(flags);
  const fromFlags = flags.id !== undefined || flags.name !== undefined || flags.imageUrl !== undefined;
  if (!fromFlags) return { resource: 'product', ...(file === undefined ? {} : { file }), upload };
  if (file !== undefined) throw new UsageError('give either a file or --id/--name/--image-url, not both');
  return {
    resource: 'product',
    fromFlags: {
      record: { id: flags.id, name: flags.name, image_url: flags.imageUrl },
      flags: { id: '--id', name: '--name', image_url: '--image-url' },
    },
    upload,
  };
}

export function newProductCreateCommand(
  f: Factory,
  runF: (options: CreateOptions, f: Factory) => Promise<void> = createRun,
): Command {
  const command = new Command('create')
    .description(
      'Create products: from flags, one JSON object, or many from a JSON array, NDJSON, CSV or .xlsx',
    )
    .argument('[file]', 'file to read, or - for standard input')
    .option('--id <id>', 'product id')
    .option('--name <name>', 'product name shown to buyers')
    .option('--image-url <url>', 'absolute http(s) URL of the product image');
  addUploadOptions(command);
  return command
    .addHelpText('after', () => layoutHelp('product', terminalLang(f.env)))
    .addHelpText(
      'after',
      examples(
        'intake product create --id P-100 --name "제주 감귤 5kg" --image-url https://shop.example.com/p-100.jpg',
        'intake product create product.json',
        'intake product create products.csv --report products-report.csv',
        'intake product create products.xlsx --sheet 상품 --dry-run',
      ),
    )
    .action((file: string | undefined, flags: ProductCreateFlags) =>
      runF(productCreateOptions(file, flags), f),
    );
}
