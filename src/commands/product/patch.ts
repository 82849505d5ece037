import { Command } from 'commander';
import type { ProductPatchBody } from '../../contract/product.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { describeIssues } from '../../contract/loc.js';
import { writeResult } from '../shared/write-result.js';

export interface ProductPatchOptions {
  id: string;
  patch: ProductPatchBody;
}

/** Checks the flags by the input rules and the contract: at least one field, each valid. */
export async function productPatchOptions(
  id: string,
  flags: { name?: string; imageUrl?: string },
): Promise<ProductPatchOptions> {
  if (flags.name === undefined && flags.imageUrl === undefined) {
    throw new UsageError('give --name, --image-url or both');
  }
  const [{ ProductPatchBody }, { checkInput }, { unwrapExcelText }] = await Promise.all([
    import('../../contract/index.js'),
    import('../../input/record-rules.js'),
    import('../../input/excel-text.js'),
  ]);
  const checked = checkInput('product_patch', ProductPatchBody, {
    name: flags.name,
    image_url: flags.imageUrl,
  });
  if (!checked.ok) {
    throw new UsageError(
      'invalid patch; nothing was sent:',
      describeIssues(checked.issues, { name: '--name', image_url: '--image-url' }),
    );
  }
  return { id: unwrapExcelText(id, 'id'), patch: checked.value };
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
