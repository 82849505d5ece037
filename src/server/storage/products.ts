import type { Db } from './database.js';

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

export function productsRepo(db: Db) {
  const get = db.prepare<[string, string], ProductRow>(
    'SELECT * FROM products WHERE merchant_id = ? AND id = ?',
  );
  const insert = db.prepare<ProductRow>(
    `INSERT INTO products (merchant_id, id, name, image_url, job_seq, applied_at, refreshed_at)
     VALUES (@merchant_id, @id, @name, @image_url, @job_seq, @applied_at, @refreshed_at)
     ON CONFLICT DO NOTHING`,
  );
  const apply = db.prepare<[number, number, string, string, number]>(
    `UPDATE products SET applied_at = ?, refreshed_at = ? WHERE merchant_id = ? AND id = ? AND job_seq = ?
       AND applied_at IS NULL`,
  );
  const setContent = db.prepare<[string, string, number | null, string, string]>(
    'UPDATE products SET name = ?, image_url = ?, refreshed_at = coalesce(?, refreshed_at) WHERE merchant_id = ? AND id = ?',
  );
  const discard = db.prepare<[string, number]>(
    'DELETE FROM products WHERE merchant_id = ? AND job_seq = ? AND applied_at IS NULL',
  );
  const list = db.prepare<[string, number], ProductRow>(
    'SELECT * FROM products WHERE merchant_id = ? ORDER BY job_seq, id LIMIT ?',
  );
  return {
    get: (merchantId: string, id: string) => get.get(merchantId, id),
    /** Stores a product unless its id is already known; true when it was new. */
    insertIfAbsent: (row: ProductRow) => insert.run(row).changes > 0,
    /** Marks a product applied when `seq` is the create that introduced it; false otherwise. */
    markApplied: (merchantId: string, id: string, seq: number, at: number) =>
      apply.run(at, at, merchantId, id, seq).changes > 0,
    /** Sets name and image; `refreshedAt` null keeps the refresh time (a PATCH of a queued product). */
    setContent: (
      merchantId: string,
      id: string,
      name: string,
      imageUrl: string,
      refreshedAt: number | null,
    ) => void setContent.run(name, imageUrl, refreshedAt, merchantId, id),
    /** Removes products that the create `seq` introduced and that were never applied. */
    discardStaged: (merchantId: string, seq: number) => void discard.run(merchantId, seq),
    list: (merchantId: string, limit: number) => list.all(merchantId, limit),
  };
}
