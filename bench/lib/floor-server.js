// The least a durable, checked ingest can cost on this machine: what a design of `intake serve`'s ingest
// that keeps each create in its database must still do, and nothing else. Fastify; Basic credentials
// compared with the one the server knows (as a cache of verified credentials would); the contract's own
// zod check of the order; then, in a group commit, one row an order with its body as it came, a row for
// each item id (which the service must refuse when another order has it), and the request journal's
// row. On SQLite (WAL, synchronous NORMAL, the WAL synced before the group is answered, as `intake
// serve` on disk) a group is one transaction; on PostgreSQL one statement, one round trip. No staging
// rows, events, faults, metrics or request ids.
//   node bench/lib/floor-server.js DATABASE AUTHORIZATION   (a SQLite file or a postgres:// URL;
//   prints {"url": …} when listening)
import { open } from 'node:fs/promises';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { OrderCreateBody } from '../../dist/contract/index.js';

const [where, authorization] = process.argv.slice(2);

const TABLES = `
  CREATE TABLE orders (merchant_id TEXT, id TEXT, body TEXT, received_at BIGINT,
    PRIMARY KEY (merchant_id, id));
  CREATE TABLE items (merchant_id TEXT, id TEXT, order_id TEXT, PRIMARY KEY (merchant_id, id));
  CREATE TABLE requests (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, merchant_id TEXT,
    method TEXT, path TEXT, status INTEGER, body TEXT, at BIGINT);
`;

/** Commits a group of `{ value, text }` on SQLite: one transaction, three statements an order. */
async function sqlite(file) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // Without a rowid where the key is the id pair: one b-tree a row, the least SQLite writes.
  db.exec(
    TABLES.replaceAll('id));', 'id)) WITHOUT ROWID;')
      .replace(' GENERATED ALWAYS AS IDENTITY', '')
      .replace('BIGINT PRIMARY', 'INTEGER PRIMARY'),
  );
  const order = db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?)');
  const item = db.prepare('INSERT INTO items VALUES (?, ?, ?)');
  const journal = db.prepare(
    'INSERT INTO requests (merchant_id, method, path, status, body, at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  // As `intake serve` on disk: a group is answered once the WAL holding its commit is synced.
  const wal = await open(`${file}-wal`, 'r+');
  const write = db.transaction((group) => {
    for (const { value, text } of group) {
      const now = Date.now();
      order.run('m', value.id, text, now);
      for (const { id } of value.items) item.run('m', id, value.id);
      journal.run('m', 'POST', '/api/v1/orders/', 202, text, now);
    }
  });
  return async (group) => {
    write(group);
    await wal.sync();
  };
}

/** Commits a group on PostgreSQL: one statement (its own transaction), one round trip. */
async function postgres(url) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query(TABLES);
  const text = `WITH o AS (INSERT INTO orders SELECT 'm', * FROM unnest($1::text[], $2::text[], $3::bigint[])),
    i AS (INSERT INTO items SELECT 'm', * FROM unnest($4::text[], $5::text[]))
    INSERT INTO requests (merchant_id, method, path, status, body, at)
      SELECT 'm', 'POST', '/api/v1/orders/', 202, * FROM unnest($2::text[], $3::bigint[])`;
  return async (group) => {
    const now = Date.now();
    const items = group.flatMap(({ value }) => value.items.map(({ id }) => [id, value.id]));
    await pool.query(text, [
      group.map(({ value }) => value.id),
      group.map(({ text: body }) => body),
      group.map(() => now),
      items.map(([id]) => id),
      items.map(([, order]) => order),
    ]);
  };
}

const write = where.startsWith('postgres') ? await postgres(where) : await sqlite(where);

// Orders that arrive while a group is being committed wait and go in the next group together. (On
// PostgreSQL, 2, 4 or 10 groups at once were slower on 2 cores: 0.29, 0.28 and 0.28 of the bare server
// against 0.33 for one, 5 December.)
let group = [];
let committing = false;
async function commit() {
  if (group.length === 0 || committing) return;
  const done = group;
  group = [];
  committing = true;
  try {
    await write(done);
    for (const one of done) one.resolve();
  } catch (error) {
    for (const one of done) one.reject(error);
  } finally {
    committing = false;
    setImmediate(commit);
  }
}

const app = Fastify({ logger: false });
app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
  try {
    done(null, { text, value: JSON.parse(text) });
  } catch (error) {
    done(error);
  }
});
app.post('/api/v1/orders/', async (request, reply) => {
  if (request.headers.authorization !== authorization) return reply.code(401).send({ detail: 'no' });
  const { text, value } = request.body;
  if (!OrderCreateBody.safeParse(value).success) return reply.code(422).send({ detail: 'invalid' });
  await new Promise((resolve, reject) => {
    if (group.push({ value, text, resolve, reject }) === 1) setImmediate(commit);
  });
  reply.code(202);
  return { message: 'Order creation request has been queued.' };
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url: `http://127.0.0.1:${app.server.address().port}` }));
