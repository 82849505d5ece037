import type { CarrierBook } from './carrier-book.js';
import type { DamageSource } from './excel-text.js';
import type { FileProducts } from './file-products.js';
import type { IdWatch } from './id-watch.js';

/** What a product catalog knows of a product. */
export interface CatalogProduct {
  name?: string;
  image_url?: string;
}

/** A product as a file or page gave it, with its name and image URL. */
export interface KnownProduct {
  id: string;
  name: string;
  image_url: string;
}

/**
 * The profile's own product catalog as an upload uses it: it fills the names and images a file lacks,
 * and remembers those that a file carries.
 */
export interface ProductBook {
  lookup(productId: string): CatalogProduct | undefined;
  remember(products: readonly KnownProduct[]): void;
}

/**
 * What checking a record may draw on besides the record: the carriers (to read names as codes), product
 * catalogs (`--products`, and the products this tool registered), and the orders this tool sent (to find
 * a shipment's order by its items). Each is optional; without it, the record must say it all.
 */
export interface RecordContext {
  carriers?: CarrierBook;
  products?: (productId: string) => CatalogProduct | undefined;
  /** The products the file being read gives in full on some row: noted as its rows are checked. */
  fileProducts?: FileProducts;
  orderOfItem?: (itemId: string) => string | undefined;
  /** Where the identifiers that a spreadsheet may have rounded are noted (a file's check pass). */
  ids?: IdWatch;
  /** Where the values come from, for the advice on what Excel did to one: a sheet unless said. */
  source?: DamageSource;
}
