import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { openCatalog } from '../../cli/catalog.js';
import { catalogWords } from './words.js';

export interface CatalogRemoveOptions {
  ids: string[];
}

/** Removes products from the catalog (the service keeps what it was sent). */
export async function catalogRemoveRun(options: CatalogRemoveOptions, f: Factory): Promise<void> {
  const catalog = await openCatalog(f);
  try {
    const removed = catalog.remove(options.ids);
    f.log.info(catalogWords(f).removed(removed, options.ids.length));
  } finally {
    catalog.close();
  }
}

export function newCatalogRemoveCommand(
  f: Factory,
  runF: (options: CatalogRemoveOptions, f: Factory) => Promise<void> = catalogRemoveRun,
): Command {
  return new Command('remove')
    .description('Remove products from the catalog')
    .argument('<id...>', 'product ids')
    .addHelpText('after', examples('intake catalog remove 81001 81002'))
    .action((ids: string[]) => runF({ ids }, f));
}
