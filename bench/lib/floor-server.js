// The least a durable, checked ingest can cost on this machine: what any design of `intake serve`'s
// ingest must still do, and nothing else. Fastify; Basic credentials compared with the one the server
// knows (as a cache of verified credentials would); the contract's own zod check of the order; then, in
// a group commit on SQLite (WAL, synchronous NORMAL, as `intake serve` on disk), one row an order with
// its body as it came, a row for each item id (which the service must refuse when another order has
// it), and the request journal's row. No staging rows, events, faults, metrics or request ids.
//   node bench/lib/floor-server.js DATABASE AUTHORIZATION   (prints {"url": …} when listening)
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { OrderCreateBody } from '../../dist/contract/index.js';

const [file, authorization] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`
  CREATE TABLE orders (merchant_id TEXT, id TEXT, body TEXT, received_at INTEGER,
    PRIMARY KEY (merchant_id, id)) WITHOUT ROWID;
  CREATE TABLE items (merchant_id TEXT, id TEXT, order_id TEXT, PRIMARY KEY (merchant_id, id)) WITHOUT ROWID;
  CREATE TABLE requests (seq INTEGER PRIMARY KEY, merchant_id TEXT, method TEXT, path TEXT,
    status INTEGER, body TEXT, at INTEGER);
`);
const order = db.prepare('INSERT INTO orders VALUES (?, ?, ?, ?)');
const item = db.prepare('INSERT INTO items VALUES (?, ?, ?)');
const journal = db.prepare(
  'INSERT INTO requests (merchant_id, method, path, status, body, at) VALUES (?, ?, ?, ?, ?, ?)',
);
const write = db.transaction((group) => {
  for (const { value, text } of group) {
    const now = Date.now();
    order.run('m', value.id, text, now);
    for (const { id } of value.items) item.run('m', id, value.id);
    journal.run('m', 'POST', '/api/v1/orders/', 202, text, now);
  }
});

let group = [];
function commit() {
  const done = group;
  group = [];
  try {
    write(done);
    for (const one of done) one.resolve();
  } catch (error) {
    for (const one of done) one.reject(error);
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
