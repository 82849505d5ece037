import { countOf, insertStatement, type Position, type Sql } from './sql.js';

export interface ProductRow {
  merchant_id: string;
  id: string;
  name: string;
  image_url: string;
  /** The create (a product create or an order) that first named this product. */
  job_seq: number;
  applied_at: number | null;
  /** When name and image were last set; the weekly refresh compares against it. */
  refreshed_at: number | null;
}

/** A product stored unless its id is known. */
export const insertProduct = insertStatement<ProductRow>(
  'products',
  ['merchant_id', 'id', 'name', 'image_url', 'job_seq', 'applied_at', 'refreshed_at'],
  ' ON CONFLICT DO NOTHING',
);

/** A product row as a create (of the product, or of an order naming it) first stores it: not yet applied. */
export function queuedProduct(
  merchantId: string,
  product: { id: string; name: string; image_url: string },
  jobSeq: number,
): ProductRow {
  return {
    merchant_id: merchantId,
    id: product.id,
    name: product.name,
    image_url: product.image_url,
    job_seq: jobSeq,
    applied_at: null,
    refreshed_at: null,
  };
}

/** The columns of a product, as written (and copied by export and import). */
export const PRODUCT_COLUMNS = insertProduct.columns;

export function productsRepo(sql: Sql) {
  const idIn = sql.dialect.oneOf('id');
  return {
    get: (merchantId: string, id: string) =>
      sql.get<ProductRow>('SELECT * FROM products WHERE merchant_id = ? AND id = ?', [merchantId, id]),
    /** The stored copies of these products (those that exist). */
    getMany: (merchantId: string, ids: readonly string[]) =>
      sql.all<ProductRow>(`SELECT * FROM products WHERE merchant_id = ? AND ${idIn.text}`, [
        merchantId,
        idIn.bind(ids),
      ]),
    /** Stores a product unless its id is already known; true when it was new. */
    insertIfAbsent: async (row: ProductRow) =>
      (await sql.run(insertProduct.text, insertProduct.values(row))) > 0,
    /** Stores the products whose ids are not known yet, in one statement (the first of an id wins). */
    insertAllIfAbsent: async (rows: readonly ProductRow[]) => {
      const { text, values } = insertProduct.many(rows);
      await sql.run(text, values);
    },
    /** Marks a product applied when `seq` is the create that introduced it; false otherwise. */
    markApplied: async (merchantId: string, id: string, seq: number, at: number) =>
      (await sql.run(
        `UPDATE products SET applied_at = ?, refreshed_at = ? WHERE merchant_id = ? AND id = ? AND job_seq = ?
           AND applied_at IS NULL`,
        [at, at, merchantId, id, seq],
      )) > 0,
    /**
     * Marks these products applied, each by the create that introduced it (checked by the caller, in the
     * same transaction) and not applied yet.
     */
    markAppliedMany: async (merchantId: string, ids: readonly string[], at: number) =>
      void (await sql.run(
        `UPDATE products SET applied_at = ?, refreshed_at = ? WHERE merchant_id = ? AND ${idIn.text}
           AND applied_at IS NULL`,
        [at, at, merchantId, idIn.bind(ids)],
      )),
    /** Sets name and image; `refreshedAt` null keeps the refresh time (a PATCH of a queued product). */
    setContent: async (
      merchantId: string,
      id: string,
      name: string,
      imageUrl: string,
      refreshedAt: number | null,
    ) =>
      void (await sql.run(
        'UPDATE products SET name = ?, image_url = ?, refreshed_at = coalesce(?, refreshed_at) WHERE merchant_id = ? AND id = ?',
        [name, imageUrl, refreshedAt, merchantId, id],
      )),
    /** Removes products that the create `seq` introduced and that were never applied. */
    discardStaged: async (merchantId: string, seq: number) =>
      void (await sql.run(
        'DELETE FROM products WHERE merchant_id = ? AND job_seq = ? AND applied_at IS NULL',
        [merchantId, seq],
      )),
    /** A merchant's products, newest first (by the create that named them), before `before` when given. */
    newest: (merchantId: string, before: Position | undefined, limit: number) =>
      sql.all<ProductRow>(
        `SELECT * FROM products WHERE merchant_id = ?${before === undefined ? '' : ' AND (job_seq < ? OR (job_seq = ? AND id < ?))'}
         ORDER BY job_seq DESC, id DESC LIMIT ?`,
        before === undefined ? [merchantId, limit] : [merchantId, before.at, before.at, before.key, limit],
      ),
    count: (merchantId: string) => countOf(sql, 'products', merchantId),
    /** A merchant's products, oldest first (by the create that named them), after `after` when given. */
    list: (merchantId: string, limit: number, after?: Position) =>
      sql.all<ProductRow>(
        `SELECT * FROM products WHERE merchant_id = ?${after === undefined ? '' : ' AND (job_seq > ? OR (job_seq = ? AND id > ?))'}
         ORDER BY job_seq, id LIMIT ?`,
        after === undefined ? [merchantId, limit] : [merchantId, after.at, after.at, after.key, limit],
      ),
  };
}
