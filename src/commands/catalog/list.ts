import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { wholeNumber } from '../../cli/values.js';
import { openCatalog } from '../../cli/catalog.js';
import { catalogWords } from './words.js';

export interface CatalogListOptions {
  missingImage: boolean;
  search: string | undefined;
  limit: number;
}

/** The products the catalog knows, by id: name, image URL, where it came from and when. */
export async function catalogListRun(options: CatalogListOptions, f: Factory): Promise<void> {
  const catalog = await openCatalog(f);
  try {
    const rows = catalog.list({
      missingImage: options.missingImage,
      ...(options.search ? { search: options.search } : {}),
      limit: options.limit,
    });
    const total = catalog.count();
    await writeData(f, {
      json: rows.map((row) => ({ ...row, updated_at: new Date(row.updated_at).toISOString() })),
      rows,
      columns: [
        { header: 'id', value: (row) => row.id },
        { header: 'name', value: (row) => row.name ?? '' },
        { header: 'image_url', value: (row) => row.image_url ?? '' },
        { header: 'source', value: (row) => row.source },
        { header: 'updated', value: (row) => new Date(row.updated_at).toISOString().slice(0, 19) },
      ],
    });
    if (rows.length < total && !options.search && !options.missingImage && rows.length === options.limit) {
      f.log.info(catalogWords(f).shown(rows.length, total));
    }
  } finally {
    catalog.close();
  }
}

export function newCatalogListCommand(
  f: Factory,
  runF: (options: CatalogListOptions, f: Factory) => Promise<void> = catalogListRun,
): Command {
  return new Command('list')
    .description('List the products in the catalog')
    .option('--missing-image', 'only the products without an image URL')
    .option('--search <text>', 'only ids or names holding this text')
    .option('--limit <n>', 'at most this many', '1000')
    .addHelpText(
      'after',
      examples('intake catalog list', 'intake catalog list --missing-image', 'intake catalog list --json'),
    )
    .action((flags: { missingImage?: boolean; search?: string; limit: string }) =>
      runF(
        {
          missingImage: flags.missingImage === true,
          search: flags.search,
          limit: wholeNumber('--limit', flags.limit, { min: 1, max: 1_000_000 }),
        },
        f,
      ),
    );
}
