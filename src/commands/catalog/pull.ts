import { Command } from 'commander';
import { EXIT, ExitCode, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { MarketplaceError } from '../../marketplaces/errors.js';
import type { Marketplace } from '../../marketplaces/names.js';
import { catalogWords } from './words.js';
import { marketplaceArgument } from '../shared/marketplace-arg.js';

export interface CatalogPullOptions {
  marketplace: Marketplace;
  /** Product ids as the marketplace knows them (Coupang: seller product ids). */
  ids: string[];
}

interface Looked {
  id: string;
  found: boolean;
  name: string | null;
  image_url: string | null;
}

/**
 * Asks a marketplace's product API for the names and images of products and keeps them in the catalog.
 * `intake pull` does this by itself for the products of the orders it finds; this is for ahead of time.
 */
export async function catalogPullRun(options: CatalogPullOptions, f: Factory): Promise<void> {
  const [{ openConnector }, { openCatalog }] = await Promise.all([
    import('../../cli/marketplaces.js'),
    import('../../cli/catalog.js'),
  ]);
  const { connector } = await openConnector(f, options.marketplace);
  const catalog = await openCatalog(f);
  const rows: Looked[] = [];
  try {
    for (const id of options.ids) {
      let facts;
      try {
        facts = await connector.product(id);
      } catch (error) {
        // A refusal of the caller stops at once; a product the API cannot give is reported.
        if (error instanceof MarketplaceError && (error.kind === 'blocked' || error.kind === 'auth'))
          throw error;
        facts = undefined;
      }
      if (facts) catalog.set([{ id, name: facts.name, image_url: facts.imageUrl }], options.marketplace);
      rows.push({
        id,
        found: facts !== undefined,
        name: facts?.name ?? null,
        image_url: facts?.imageUrl ?? null,
      });
    }
  } finally {
    catalog.close();
  }
  await writeData(f, {
    json: rows,
    rows,
    columns: [
      { header: 'id', value: (row) => row.id },
      { header: 'name', value: (row) => row.name ?? '(not found)' },
      { header: 'image_url', value: (row) => row.image_url ?? '' },
    ],
  });
  const missing = rows.filter((row) => !row.found).length;
  f.log.info(catalogWords(f).pulled(rows.length - missing, rows.length, options.marketplace));
  if (missing > 0) throw new ExitCode(EXIT.rejected);
}

export function newCatalogPullCommand(f: Factory): Command {
  return new Command('pull')
    .description("Fill the catalog from a marketplace's product API (names and images), ahead of a pull")
    .addArgument(marketplaceArgument())
    .argument('<ids...>', 'product ids as the marketplace knows them (Coupang: seller product ids)')
    .addHelpText(
      'after',
      examples(
        'intake catalog pull naver 3242596358 3242596359',
        'intake catalog pull coupang 1320567123 --json',
      ),
    )
    .action(async (marketplace: Marketplace, ids: string[]) => {
      const wanted = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
      if (wanted.length === 0) throw new UsageError('give at least one product id');
      await catalogPullRun({ marketplace, ids: wanted }, f);
    });
}
