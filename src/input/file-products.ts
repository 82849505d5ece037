import type { CatalogProduct } from './record-context.js';

/**
 * How many products one file may name in full for its other rows: a shop's download names hundreds or a
 * few thousand. Past this many, a row that gives only a product's id is filled from the catalogs alone,
 * as before, so that a file of a million different products holds no second copy of them in memory.
 */
export const FILE_PRODUCTS_KEPT = 50_000;

/**
 * The products a file itself gives in full (an id with its name and image address), for its rows that
 * give only the id: a marketplace download names a product on one order's row and not on the next.
 *
 * The check pass reads the file in order, so a row may give only the id before a later row gives the
 * product in full. Such a row looks the product up and misses; `givenLate` tells that once the pass is
 * over, and the upload checks the file again with what it now knows (`freeze`: no more noting, no more
 * misses), so that the check and the send pass build every record alike. The first full mention of an id
 * is the one kept.
 */
export class FileProducts {
  readonly #given = new Map<string, CatalogProduct>();
  readonly #missed = new Set<string>();
  #frozen = false;

  /** A row gave this product in full. */
  note(id: string, product: { name: string; image_url: string }): void {
    if (this.#frozen || this.#given.has(id) || this.#given.size >= FILE_PRODUCTS_KEPT) return;
    this.#given.set(id, { name: product.name, image_url: product.image_url });
  }

  /** The product as the file gave it, if a row read so far did (after `freeze`: any row). */
  lookup(id: string): CatalogProduct | undefined {
    const product = this.#given.get(id);
    if (product === undefined && !this.#frozen && this.#missed.size < FILE_PRODUCTS_KEPT)
      this.#missed.add(id);
    return product;
  }

  /** Whether a row looked up a product that a later row gave in full: then the file is checked again. */
  givenLate(): boolean {
    for (const id of this.#missed) if (this.#given.has(id)) return true;
    return false;
  }

  /** The check pass is over: what the file gives is known, and stays as it is for the send pass. */
  freeze(): void {
    this.#frozen = true;
    this.#missed.clear();
  }
}
