import { join } from 'node:path';
import { openDatabase, type Db } from '../storage/sqlite.js';

/** Where an entry of the catalog came from. */
export type CatalogSource = 'upload' | 'file' | 'page' | 'cli' | 'naver' | 'coupang' | 'cafe24';

/** What the catalog knows of one product. */
export interface CatalogEntry {
  id: string;
  name: string | null;
  image_url: string | null;
  source: CatalogSource;
  /** When it last changed, in milliseconds since the epoch. */
  updated_at: number;
}

/** A product as given to the catalog: what is left out (or empty) keeps what the catalog had. */
export interface CatalogInput {
  id: string;
  name?: string | null | undefined;
  image_url?: string | null | undefined;
}

const MIGRATIONS = [
  `CREATE TABLE products (
     profile TEXT NOT NULL,
     id TEXT NOT NULL,
     name TEXT,
     image_url TEXT,
     source TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (profile, id)
   ) WITHOUT ROWID;`,
];

const filled = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * The local product catalog of a profile: each product's name and image URL, as the merchant's files,
 * the page and the marketplaces gave them, so that an order download (which has neither) needs nothing
 * more the next time. One SQLite file in the data folder holds every profile's, each apart.
 */
export class ProductCatalog {
  readonly #db: Db;
  readonly #profile: string;
  readonly #now: () => number;

  private constructor(db: Db, profile: string, now: () => number) {
    this.#db = db;
    this.#profile = profile;
    this.#now = now;
  }

  /** The catalog file of a data folder. */
  static pathIn(dataDir: string): string {
    return join(dataDir, 'catalog.sqlite');
  }

  /** Opens (creating) the catalog of `profile` in a data folder. */
  static open(dataDir: string, profile: string, now: () => number = Date.now): ProductCatalog {
    const db = openDatabase(ProductCatalog.pathIn(dataDir), {
      migrations: MIGRATIONS,
      synchronous: 'NORMAL',
      cacheKiB: 2048,
      what: 'the product catalog',
    });
    return new ProductCatalog(db, profile, now);
  }

  get(id: string): CatalogEntry | undefined {
    return this.#db
      .prepare('SELECT id, name, image_url, source, updated_at FROM products WHERE profile = ? AND id = ?')
      .get(this.#profile, id) as CatalogEntry | undefined;
  }

  /**
   * Adds or changes products: a name or image URL given replaces the one kept, one left out keeps it.
   * Returns how many entries changed.
   */
  set(products: readonly CatalogInput[], source: CatalogSource): number {
    const upsert = this.#db.prepare(
      `INSERT INTO products (profile, id, name, image_url, source, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile, id) DO UPDATE SET
         name = coalesce(excluded.name, products.name),
         image_url = coalesce(excluded.image_url, products.image_url),
         source = excluded.source,
         updated_at = excluded.updated_at
       WHERE coalesce(excluded.name, products.name) IS NOT products.name
          OR coalesce(excluded.image_url, products.image_url) IS NOT products.image_url`,
    );
    const now = this.#now();
    return this.#db.transaction(() => {
      let changed = 0;
      for (const product of products) {
        const id = product.id.trim();
        const name = filled(product.name);
        const image = filled(product.image_url);
        if (id === '' || (name === null && image === null)) continue;
        changed += upsert.run(this.#profile, id, name, image, source, now).changes;
      }
      return changed;
    })();
  }

  /** Entries by id; `missingImage` lists only those without an image URL. */
  list(options: { limit?: number; offset?: number; missingImage?: boolean; search?: string } = {}) {
    const where = ['profile = @profile'];
    if (options.missingImage) where.push('image_url IS NULL');
    if (options.search) where.push("(id LIKE @search ESCAPE '\\' OR name LIKE @search ESCAPE '\\')");
    const search = `%${(options.search ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.#db
      .prepare(
        `SELECT id, name, image_url, source, updated_at FROM products WHERE ${where.join(' AND ')}
         ORDER BY id LIMIT @limit OFFSET @offset`,
      )
      .all({
        profile: this.#profile,
        search,
        limit: options.limit ?? -1,
        offset: options.offset ?? 0,
      }) as CatalogEntry[];
  }

  /** How many products the catalog holds. */
  count(): number {
    return (
      this.#db.prepare('SELECT count(*) AS n FROM products WHERE profile = ?').get(this.#profile) as {
        n: number;
      }
    ).n;
  }

  /** Removes products by id; returns how many were there. */
  remove(ids: readonly string[]): number {
    const remove = this.#db.prepare('DELETE FROM products WHERE profile = ? AND id = ?');
    return this.#db.transaction(() =>
      ids.reduce((sum, id) => sum + remove.run(this.#profile, id).changes, 0),
    )();
  }

  close(): void {
    this.#db.close();
  }
}
