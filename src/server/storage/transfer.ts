import { createHash } from 'node:crypto';
import type { Engine } from './engine.js';
import { JOB_COLUMNS } from './jobs.js';
import { MERCHANT_COLUMNS } from './merchants.js';
import { MESSAGE_COLUMNS } from './messages.js';
import { ORDER_COLUMNS, ORDER_ITEM_COLUMNS } from './orders.js';
import { PRODUCT_COLUMNS } from './products.js';
import { REVIEW_COLUMNS } from './reviews.js';
import { REWARD_COLUMNS } from './rewards.js';
import { SHIPMENT_COLUMNS } from './shipments.js';
import type { Sql, SqlValue } from './sql.js';
import { counting } from '../../util/count.js';

/** A table as copied: its columns (those both engines have) and the key its rows are read in. */
interface TableCopy {
  name: string;
  columns: readonly string[];
  /** Columns of a unique key, read in this order; `rowid` keeps the order rows were made in. */
  key: readonly string[];
  /** The identity column PostgreSQL must continue after the copied rows. */
  identity?: string;
}

/** Every table of the service, in the order their references need, with the columns its repository writes. */
export const TABLES: readonly TableCopy[] = [
  { name: 'meta', columns: ['key', 'value'], key: ['key'] },
  { name: 'merchants', columns: MERCHANT_COLUMNS, key: ['rowid'], identity: 'rowid' },
  {
    name: 'jobs',
    columns: ['seq', ...JOB_COLUMNS, 'state', 'finished_at', 'reason'],
    key: ['seq'],
    identity: 'seq',
  },
  { name: 'queue_cursors', columns: ['merchant_id', 'applied_through'], key: ['merchant_id'] },
  {
    name: 'queue_steps',
    columns: ['merchant_id', 'through_seq', 'stepped_at'],
    key: ['merchant_id', 'through_seq'],
  },
  { name: 'orders', columns: ORDER_COLUMNS, key: ['merchant_id', 'id'] },
  { name: 'order_items', columns: ORDER_ITEM_COLUMNS, key: ['merchant_id', 'id'] },
  { name: 'products', columns: PRODUCT_COLUMNS, key: ['merchant_id', 'id'] },
  { name: 'shipments', columns: ['id', ...SHIPMENT_COLUMNS], key: ['id'], identity: 'id' },
  { name: 'shipment_items', columns: ['shipment_id', 'order_item_id'], key: ['rowid'], identity: 'rowid' },
  {
    name: 'messages',
    columns: ['id', ...MESSAGE_COLUMNS, 'sent_at', 'content'],
    key: ['id'],
    identity: 'id',
  },
  { name: 'reviews', columns: ['id', ...REVIEW_COLUMNS], key: ['id'], identity: 'id' },
  { name: 'rewards', columns: ['id', ...REWARD_COLUMNS], key: ['id'], identity: 'id' },
];

/** Rows read and written per statement. */
const PAGE = 500;

type Row = Record<string, SqlValue>;

/** The target already holds a service's data: a copy would mix two services. */
export class TargetNotEmpty extends Error {}

/** The copy and the original differ (counted or compared): nothing was kept. */
export class CopyMismatch extends Error {}

/** One table's figures: rows copied, and the digest both sides agreed on. */
export interface TableCopied {
  table: string;
  rows: number;
  sha256: string;
}

/** Reads a table in key order, a page at a time, after the last key read (keyset paging). */
async function* pages(sql: Sql, table: TableCopy): AsyncGenerator<Row[]> {
  const keyAliases = table.key.map((_, index) => `k${index}`);
  const select = [
    ...table.key.map((column, index) => `${column} AS ${keyAliases[index]}`),
    ...table.columns,
  ].join(', ');
  const order = table.key.join(', ');
  const after =
    table.key.length === 1
      ? `${table.key[0]} > ?`
      : `(${table.key.join(', ')}) > (${table.key.map(() => '?').join(', ')})`;
  let last: SqlValue[] | undefined;
  for (;;) {
    const rows = await sql.all<Row>(
      `SELECT ${select} FROM ${table.name}${last === undefined ? '' : ` WHERE ${after}`} ORDER BY ${order} LIMIT ?`,
      [...(last ?? []), PAGE],
    );
    if (rows.length === 0) return;
    yield rows;
    const end = rows.at(-1) as Row;
    last = keyAliases.map((alias) => end[alias] as SqlValue);
    if (rows.length < PAGE) return;
  }
}

/** A value as text the same on both engines (bytes as hex, numbers as JavaScript writes them). */
function canonical(value: SqlValue | undefined): string {
  if (value === null || value === undefined) return '\u0000null';
  if (Buffer.isBuffer(value)) return `x${value.toString('hex')}`;
  return String(value);
}

async function digest(sql: Sql, table: TableCopy): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  for await (const page of pages(sql, table)) {
    for (const row of page) {
      hash.update(JSON.stringify(table.columns.map((column) => canonical(row[column]))));
      hash.update('\n');
    }
    rows += page.length;
  }
  return { rows, sha256: hash.digest('hex') };
}

async function insertPage(sql: Sql, table: TableCopy, rows: readonly Row[]): Promise<void> {
  const placeholders = `(${table.columns.map(() => '?').join(', ')})`;
  const values = rows.flatMap((row) => table.columns.map((column) => row[column] ?? null));
  await sql.run(
    `INSERT INTO ${table.name} (${table.columns.join(', ')}) VALUES ${rows.map(() => placeholders).join(', ')}`,
    values,
  );
}

/**
 * Copies a service's whole state from one database to another (SQLite and PostgreSQL either way), in one
 * transaction on each side: the source is read as of one moment, the target gets everything or nothing.
 * Each table is then compared by count and by a digest of its content in key order; any difference
 * undoes the copy. The target must hold no merchant yet.
 */
export async function copyState(
  source: Engine,
  target: Engine,
  onTable: (copied: TableCopied) => void = () => {},
): Promise<TableCopied[]> {
  return source.transaction(async (from) => {
    if (from.dialect.snapshot !== undefined) await from.run(from.dialect.snapshot);
    return target.transaction(async (to) => {
      const present = await to.get<{ count: number }>('SELECT COUNT(*) AS count FROM merchants');
      if ((present?.count ?? 0) > 0) {
        throw new TargetNotEmpty('the target already holds a service (it has merchants)');
      }
      // The target's own settings (made when it was opened) give way to the source's.
      await to.run('DELETE FROM meta');
      const copied: TableCopied[] = [];
      for (const table of TABLES) {
        for await (const page of pages(from, table)) await insertPage(to, table, page);
        if (table.identity !== undefined) {
          const renumber = to.dialect.afterCopy(table.name, table.identity);
          if (renumber !== undefined) await to.run(renumber);
        }
        const [original, copy] = [await digest(from, table), await digest(to, table)];
        if (original.rows !== copy.rows || original.sha256 !== copy.sha256) {
          throw new CopyMismatch(
            `${table.name}: ${counting(original.rows, 'row')} in the source, ${copy.rows} in the copy${original.rows === copy.rows ? ', with other content' : ''}`,
          );
        }
        const figures = { table: table.name, ...original };
        copied.push(figures);
        onTable(figures);
      }
      return copied;
    });
  });
}
