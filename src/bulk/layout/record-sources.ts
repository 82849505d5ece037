import type { Factory } from '../../cli/factory.js';
import { IdWatch } from '../../input/id-watch.js';
import type { RecordContext } from '../../input/record-context.js';
import type { Ledger } from '../ledger/ledger.js';
import type { ResourceName } from '../resources.js';
import type { PasswordSource } from '../read/xlsx/workbook.js';

/** Where a run finds what its records leave out. */
export interface RecordSources {
  /** `--carriers`, for shipments. */
  carriers?: string;
  /** `--products`, for orders. */
  products?: string;
  password: PasswordSource;
  /** The ledger of the service and credentials in use, if there is one. */
  ledger?: Ledger;
}

/**
 * Builds what checking records of a kind may draw on: for shipments the carriers (names read as codes)
 * and the ledger's orders (a shipment's order found by its items); for orders the `--products` catalog
 * and the ledger's products (names and images for lines that have none).
 */
export async function recordContext(
  f: Factory,
  kind: ResourceName,
  sources: RecordSources,
): Promise<RecordContext> {
  const { ledger } = sources;
  const ids = new IdWatch();
  if (kind === 'shipment') {
    const { loadCarriers } = await import('../../cli/carriers.js');
    return {
      carriers: await loadCarriers(f, sources.carriers),
      ...(ledger ? { orderOfItem: (item: string) => ledger.orderOfItem(item) } : {}),
      ids,
    };
  }
  if (kind === 'order') {
    const catalog =
      sources.products === undefined
        ? undefined
        : await (await import('./catalog.js')).readCatalog(f, sources.products, sources.password);
    if (catalog) f.log.info(`--products: ${catalog.size} products.`);
    if (!catalog && !ledger) return { ids };
    return { products: (id: string) => catalog?.get(id) ?? ledger?.product(id), ids };
  }
  return { ids };
}
