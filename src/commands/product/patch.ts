import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { describeIssues } from '../../cli/report-error.js';
import { writeResult } from '../shared/create-one.js';

interface PatchOptions {
  name?: string;
  imageUrl?: string;
}

export function newProductPatchCommand(f: Factory): Command {
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
    .action(async (id: string, options: PatchOptions) => {
      if (options.name === undefined && options.imageUrl === undefined) {
        throw new UsageError('give --name, --image-url or both');
      }
      const { ProductPatchBody, check } = await import('../../contract/index.js');
      const checked = check(ProductPatchBody, { name: options.name, image_url: options.imageUrl }, []);
      if (!checked.ok) {
        throw new UsageError(
          'invalid patch; nothing was sent:',
          describeIssues(checked.issues, { name: '--name', image_url: '--image-url' }),
        );
      }
      await (await f.apiClient()).patchProduct(id, checked.value);
      await writeResult(f, { id, outcome: 'updated', status: 204, message: 'Product updated.' });
    });
}
