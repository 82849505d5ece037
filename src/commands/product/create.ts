import { Command } from 'commander';
import type { UploadOptions } from '../../bulk/options.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { createFromInput } from '../shared/create-from-input.js';
import { createOne } from '../shared/create-one.js';
import { addUploadOptions } from '../shared/upload-options.js';

interface ProductCreateOptions extends UploadOptions {
  id?: string;
  name?: string;
  imageUrl?: string;
}

export function newProductCreateCommand(f: Factory): Command {
  const command = new Command('create')
    .description('Create products: from flags, one JSON object, or many from a JSON array, NDJSON or CSV')
    .argument('[file]', 'file to read, or - for standard input')
    .option('--id <id>', 'product id')
    .option('--name <name>', 'product name shown to buyers')
    .option('--image-url <url>', 'absolute http(s) URL of the product image');
  addUploadOptions(command);
  return command
    .addHelpText(
      'after',
      examples(
        'intake product create --id P-100 --name "제주 감귤 5kg" --image-url https://shop.example.com/p-100.jpg',
        'intake product create product.json',
        'intake product create products.csv --report products-report.csv',
      ),
    )
    .action(async (file: string | undefined, options: ProductCreateOptions) => {
      const fromFlags =
        options.id !== undefined || options.name !== undefined || options.imageUrl !== undefined;
      if (!fromFlags) return createFromInput(f, 'product', file, options);
      if (file !== undefined) throw new UsageError('give either a file or --id/--name/--image-url, not both');
      return createOne(
        f,
        'product',
        { id: options.id, name: options.name, image_url: options.imageUrl },
        {
          label: 'the flags',
          dryRun: options.dryRun === true,
          flags: { id: '--id', name: '--name', image_url: '--image-url' },
        },
      );
    });
}
