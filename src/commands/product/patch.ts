import { Command } from 'commander';
import type { ProductPatchBody } from '../../contract/product.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { productFlags, recordIdArgument } from '../shared/record-flags.js';
import { writeResult } from '../shared/write-result.js';

export interface ProductPatchOptions {
  id: string;
  patch: ProductPatchBody;
}

/** Checks the id and the flags by the input rules and the contract: at least one field, each valid. */
export async function productPatchOptions(
  id: string,
  flags: { name?: string; imageUrl?: string },
): Promise<ProductPatchOptions> {
  const patch = await productFlags(flags, 'invalid patch; nothing was sent:');
  return { id: await recordIdArgument('product', id), patch };
}

export async function productPatchRun(options: ProductPatchOptions, f: Factory): Promise<void> {
  await (await f.apiClient()).patchProduct(options.id, options.patch);
  await writeResult(f, { id: options.id, outcome: 'updated', status: 204, message: 'Product updated.' });
}

export function newProductPatchCommand(
  f: Factory,
  runF: (options: ProductPatchOptions, f: Factory) => Promise<void> = productPatchRun,
): Command {
  return new Command('patch')
    .description('Change the name and/or image of a product (applies at once)')
    .argument('<id>', 'product id')
    .option('--name <name>', 'new name')
    .option('--image-url <url>', 'new image URL')
    .addHelpText(
      'after',
      examples(
        'intake product patch P-100 --name "제주 감귤 10kg"',
        'intake product patch P-100 --image-url https://shop.example.com/p-100-v2.jpg',
      ),
    )
    .action(async (id: string, flags: { name?: string; imageUrl?: string }) =>
      runF(await productPatchOptions(id, flags), f),
    );
}
