import type { Dialect, ListMatch } from '../dialect.js';
import { appendInSteps } from '../events.js';
import { insertJob } from '../jobs.js';
import { insertItem, insertOrder } from '../orders.js';
import { insertProduct, queuedProduct } from '../products.js';
import type { Sql } from '../sql.js';
import type { StagedOrder } from '../staged.js';

/** A list as a JSON array, read by `json_each`. */
const oneOf = (column: string): ListMatch => ({
  text: `${column} IN (SELECT value FROM json_each(?))`,
  bind: (list) => JSON.stringify(list),
});
const idIn = oneOf('id');
const orderIdIn = oneOf('order_id');

/** One order stored in four statements (multi-row inserts of whole groups measured no faster here). */
async function stageOne(sql: Sql, { job, order, items, products }: StagedOrder): Promise<number> {
  const seq = (await sql.get<{ seq: number }>(insertJob.text, insertJob.values(job)))?.seq as number;
  // Rows built field by field: spreading objects here was a measurable share of an order's cost.
  await sql.run(
    insertOrder.text,
    insertOrder.values({
      merchant_id: order.merchant_id,
      id: order.id,
      member_id: order.member_id,
      recipient_name: order.recipient_name,
      recipient_cellphone: order.recipient_cellphone,
      job_seq: seq,
      requested_at: order.requested_at,
      applied_at: order.applied_at,
    }),
  );
  const lines = insertItem.many(items);
  await sql.run(lines.text, lines.values);
  const named = insertProduct.many(
    products.map((product) => queuedProduct(product.merchant_id, product, seq)),
  );
  await sql.run(named.text, named.values);
  return seq;
}

/**
 * SQLite: one process, one connection, whole-database transactions taken one at a time, so there is
 * nothing to lock row by row and nobody else to tell.
 */
export const SQLITE: Dialect = {
  name: 'sqlite',
  shared: false,
  oneOf,
  holdRows: '',
  takeFreeRows: '',
  holdLock: async () => true,
  takenIds: (merchantId, orderIds, itemIds) => ({
    text: `SELECT 'order' AS what, id, id AS order_id FROM orders WHERE merchant_id = ? AND ${idIn.text}
           UNION ALL
           SELECT 'item' AS what, id, order_id FROM order_items WHERE merchant_id = ? AND ${idIn.text}`,
    values: [merchantId, idIn.bind(orderIds), merchantId, idIn.bind(itemIds)],
  }),
  // Driven by the lines' index on their order: written the other way round (orders, then their lines), the
  // planner read every line of the merchant's once per batch, and applying slowed as the tables grew.
  stagedLines: (merchantId, orderIds) => ({
    text: `SELECT i.order_id, o.job_seq, i.product_id AS id, i.product_name AS name,
             i.product_image_url AS image_url
           FROM order_items AS i JOIN orders AS o ON o.merchant_id = i.merchant_id AND o.id = i.order_id
           WHERE i.merchant_id = ? AND i.${orderIdIn.text} ORDER BY i.order_id, i.position`,
    values: [merchantId, orderIdIn.bind(orderIds)],
  }),
  notify: () => undefined,
  appendEvents: appendInSteps,
  snapshot: undefined,
  afterCopy: () => undefined,
  async stageOrders(sql, orders) {
    const seqs: number[] = [];
    for (const staged of orders) seqs.push(await stageOne(sql, staged));
    return seqs;
  },
};
