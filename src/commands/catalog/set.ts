import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { openCatalog } from '../../cli/catalog.js';
import { catalogWords } from './words.js';
import { productFlags } from '../shared/record-flags.js';

export interface CatalogSetOptions {
  id: string;
  name: string | undefined;
  imageUrl: string | undefined;
}

/** Checks the flags as the service would check a product's name and image URL. */
export async function catalogSetOptions(
  id: string,
  flags: { name?: string; imageUrl?: string },
): Promise<CatalogSetOptions> {
  const checked = await productFlags(flags, 'invalid product; the catalog is unchanged:');
  const { unwrapExcelText } = await import('../../input/excel-text.js');
  const product = unwrapExcelText(id, 'id').trim();
  if (product === '') throw new UsageError('the product id is empty');
  return { id: product, name: checked.name ?? undefined, imageUrl: checked.image_url ?? undefined };
}

/** Sets a product's name and/or image URL in the catalog (nothing is sent to the service). */
export async function catalogSetRun(options: CatalogSetOptions, f: Factory): Promise<void> {
  const catalog = await openCatalog(f);
  try {
    catalog.set([{ id: options.id, name: options.name, image_url: options.imageUrl }], 'cli');
    const entry = catalog.get(options.id);
    f.log.info(catalogWords(f).set(options.id, entry?.name ?? undefined, entry?.image_url ?? undefined));
  } finally {
    catalog.close();
  }
}

export function newCatalogSetCommand(
  f: Factory,
  runF: (options: CatalogSetOptions, f: Factory) => Promise<void> = catalogSetRun,
): Command {
  return new Command('set')
    .description("Set a product's name and/or image URL in the catalog")
    .argument('<id>', 'product id, as the order downloads write it')
    .option('--name <name>', 'product name')
    .option('--image-url <url>', 'image URL (http or https)')
    .addHelpText(
      'after',
      examples(
        'intake catalog set 81001 --image-url https://shop.example.com/img/81001.jpg',
        'intake catalog set 81001 --name "제주 감귤 5kg" --image-url https://shop.example.com/img/81001.jpg',
      ),
    )
    .action(async (id: string, flags: { name?: string; imageUrl?: string }) =>
      runF(await catalogSetOptions(id, flags), f),
    );
}
