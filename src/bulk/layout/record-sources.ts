import { FileProducts } from '../../input/file-products.js';
import { IdWatch } from '../../input/id-watch.js';
import type { RecordContext } from '../../input/record-context.js';
import type { UploadContext } from '../context.js';
import type { ResourceName } from '../resources.js';
import { readCatalog } from './catalog.js';
import { counting } from '../../util/count.js';

/** What the layout may ask of records sent earlier (the ledger's): a shipment's order by its items, a product's name and image. */
export interface KnownRecords {
  orderOfItem(itemId: string): string | undefined;
  product(productId: string): { name: string; image_url: string } | undefined;
}

/** Where a run finds what its records leave out. */
export interface RecordSources {
  /** `--products`, for orders. */
  products?: string;
  /** The ledger of the service and credentials in use, if there is one. */
  known?: KnownRecords;
}

/**
 * Builds what checking records of a kind may draw on: for shipments the carriers (names read as codes)
 * and the ledger's orders (a shipment's order found by its items); for orders the `--products` catalog,
 * the file's own rows that name a product in full, the profile's catalog and the ledger's products, in
 * that order (names and images for lines that have none). Every kind notes its long ids,
 * to tell the ones a spreadsheet rounded.
 */
export async function recordContext(
  context: Pick<UploadContext, 'carriers' | 'log' | 'password' | 'catalog' | 'words'>,
  kind: ResourceName,
  sources: RecordSources,
): Promise<RecordContext> {
  const { known } = sources;
  const ids = new IdWatch();
  if (kind === 'shipment') {
    return {
      ...(context.carriers ? { carriers: context.carriers } : {}),
      ...(known ? { orderOfItem: (item: string) => known.orderOfItem(item) } : {}),
      ids,
    };
  }
  if (kind === 'order') {
    const catalog =
      sources.products === undefined
        ? undefined
        : await readCatalog(context.log, sources.products, context.password, {
            flag: '--products',
            ...(context.words ? { words: context.words } : {}),
          });
    if (catalog) {
      context.log.info(`--products: ${counting(catalog.size, 'product')}.`, {
        code: 'catalog_size',
        values: { count: catalog.size },
      });
    }
    const book = context.catalog;
    // The file's own rows come after --products, the list given for this upload, and before what was
    // remembered from earlier files: a product named here is named as this file names it.
    const file = new FileProducts();
    return {
      products: (id: string) => catalog?.get(id) ?? file.lookup(id) ?? book?.lookup(id) ?? known?.product(id),
      fileProducts: file,
      ids,
    };
  }
  return { ids };
}
