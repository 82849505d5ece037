/**
 * The schema, as steps applied in order. `PRAGMA user_version` records how many have run, so a data
 * directory written by an older version is brought up to date on open. Append; never edit a step.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE merchants (
    id TEXT PRIMARY KEY,
    access_key_id TEXT NOT NULL UNIQUE,
    secret_salt BLOB NOT NULL,
    secret_hash BLOB NOT NULL,
    thanks_delay_days INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );

  -- Every accepted create, in arrival order (seq). A create is applied after the apply delay; one that
  -- cannot be applied is kept as failed with its reason.
  CREATE TABLE jobs (
    seq INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants (id),
    kind TEXT NOT NULL CHECK (kind IN ('order', 'product', 'shipment')),
    target_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    delay_fraction REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'applied', 'failed')),
    finished_at INTEGER,
    reason TEXT
  );
  CREATE INDEX jobs_pending ON jobs (merchant_id, seq) WHERE state = 'pending';
  CREATE INDEX jobs_pending_kind ON jobs (merchant_id, kind) WHERE state = 'pending';

  -- Orders, items and products are written when a create is accepted (so that ids are known at once and
  -- a PATCH can change queued data); applied_at is set when the create takes effect.
  CREATE TABLE orders (
    merchant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    member_id TEXT,
    recipient_name TEXT NOT NULL,
    recipient_cellphone TEXT NOT NULL,
    job_seq INTEGER NOT NULL,
    requested_at INTEGER NOT NULL,
    applied_at INTEGER,
    PRIMARY KEY (merchant_id, id)
  ) WITHOUT ROWID;

  CREATE TABLE order_items (
    merchant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    product_id TEXT NOT NULL,
    product_name TEXT NOT NULL,
    product_image_url TEXT NOT NULL,
    product_option TEXT,
    shipment_id INTEGER,
    PRIMARY KEY (merchant_id, id)
  ) WITHOUT ROWID;
  CREATE INDEX order_items_by_order ON order_items (merchant_id, order_id, position);

  CREATE TABLE products (
    merchant_id TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    image_url TEXT NOT NULL,
    job_seq INTEGER NOT NULL,
    applied_at INTEGER,
    refreshed_at INTEGER,
    PRIMARY KEY (merchant_id, id)
  ) WITHOUT ROWID;

  -- Every applied shipment; an item points at its latest one, earlier ones stay as history.
  CREATE TABLE shipments (
    id INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    company_code TEXT NOT NULL,
    tracking_number TEXT NOT NULL,
    job_seq INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX shipments_by_order ON shipments (merchant_id, order_id);

  CREATE TABLE shipment_items (
    shipment_id INTEGER NOT NULL REFERENCES shipments (id),
    order_item_id TEXT NOT NULL,
    PRIMARY KEY (shipment_id, order_item_id)
  );

  CREATE TABLE rewards (
    id INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    member_id TEXT NOT NULL,
    rewards INTEGER NOT NULL,
    reason TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX rewards_by_time ON rewards (merchant_id, created_at, id);
  `,
  `
  -- The bot's outbox: what it writes to buyers, when it is due, and what was sent (rendered when sent, so
  -- a recipient changed by PATCH before then is the one written to).
  CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('shipment', 'thanks', 'review_request')),
    shipment_id INTEGER NOT NULL REFERENCES shipments (id),
    due_at INTEGER NOT NULL,
    sent_at INTEGER,
    content TEXT
  );
  CREATE INDEX messages_unsent ON messages (due_at) WHERE sent_at IS NULL;
  CREATE INDEX messages_by_order ON messages (merchant_id, order_id);

  -- Buyers' reviews (simulated), one per order item; a member's review earns a reward.
  CREATE TABLE reviews (
    id INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    item_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('text', 'photo', 'video')),
    created_at INTEGER NOT NULL,
    UNIQUE (merchant_id, item_id)
  );
  ALTER TABLE rewards ADD COLUMN review_id INTEGER REFERENCES reviews (id);
  `,
  `
  -- Shipments still queued for an order, to tell a shipment sent again from a new one.
  CREATE INDEX jobs_pending_shipments ON jobs (merchant_id, target_id, seq)
    WHERE state = 'pending' AND kind = 'shipment';
  -- How a secret is hashed: 'sha256' (written before scrypt) or 'scrypt'.
  ALTER TABLE merchants ADD COLUMN secret_kdf TEXT NOT NULL DEFAULT 'sha256';
  `,
  `
  -- Pending jobs were counted by kind only for shipments, which their own index serves; one index
  -- fewer to write on every create and every apply.
  DROP INDEX jobs_pending_kind;
  `,
  `
  -- A create that waits is "queued" in the API, the texts and here (it was "pending" in this table). The
  -- state's CHECK cannot be changed in place: the table is written again with the new word.
  CREATE TABLE jobs_renamed (
    seq INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL REFERENCES merchants (id),
    kind TEXT NOT NULL CHECK (kind IN ('order', 'product', 'shipment')),
    target_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    delay_fraction REAL NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'applied', 'failed')),
    finished_at INTEGER,
    reason TEXT
  );
  INSERT INTO jobs_renamed (seq, merchant_id, kind, target_id, payload, received_at, delay_fraction, state,
      finished_at, reason)
    SELECT seq, merchant_id, kind, target_id, payload, received_at, delay_fraction,
      CASE state WHEN 'pending' THEN 'queued' ELSE state END, finished_at, reason
    FROM jobs;
  DROP TABLE jobs;
  ALTER TABLE jobs_renamed RENAME TO jobs;
  CREATE INDEX jobs_queued ON jobs (merchant_id, seq) WHERE state = 'queued';
  CREATE INDEX jobs_queued_shipments ON jobs (merchant_id, target_id, seq)
    WHERE state = 'queued' AND kind = 'shipment';
  `,
  `
  -- Every request of a merchant to the service's API, as received and answered (the request journal):
  -- headers with secrets redacted, the bodies (cut at a size), the fault injected, the time taken.
  CREATE TABLE requests (
    seq INTEGER PRIMARY KEY,
    merchant_id TEXT NOT NULL,
    request_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    status INTEGER NOT NULL,
    target_id TEXT,
    fault TEXT,
    duration_ms REAL NOT NULL,
    request_headers TEXT NOT NULL,
    request_body TEXT,
    response_body TEXT
  );
  CREATE INDEX requests_by_merchant ON requests (merchant_id, seq);
  CREATE INDEX requests_by_target ON requests (merchant_id, target_id, seq);

  -- What happened to each merchant's data, for every process's streams and waits: numbered per merchant
  -- (the number taken from event_counters in the transaction that writes the event, so that events
  -- commit in their numbers' order and a reader never passes one that commits later).
  CREATE TABLE events (
    merchant_id TEXT NOT NULL,
    id INTEGER NOT NULL,
    type TEXT NOT NULL,
    at INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (merchant_id, id)
  ) WITHOUT ROWID;
  CREATE TABLE event_counters (
    merchant_id TEXT PRIMARY KEY,
    last INTEGER NOT NULL
  ) WITHOUT ROWID;

  -- Each process's metrics, written now and then, so that any process answers /metrics for them all.
  CREATE TABLE process_metrics (
    process_id TEXT PRIMARY KEY,
    updated_at INTEGER NOT NULL,
    metrics TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  `
  -- Each merchant's queue is applied in order: every create up to applied_through has been applied or
  -- has failed, and those after it wait. The worker moves it on in the transaction that applies them,
  -- so the queued are found from it rather than through an index on their state, and marking a create
  -- applied changes no indexed column (as on PostgreSQL, where that lets the row be rewritten in place).
  CREATE TABLE queue_cursors (
    merchant_id TEXT PRIMARY KEY,
    applied_through INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO queue_cursors (merchant_id, applied_through)
    SELECT merchant_id, COALESCE(MIN(CASE WHEN state = 'queued' THEN seq END) - 1, MAX(seq))
    FROM jobs GROUP BY merchant_id;
  DROP INDEX jobs_queued;
  DROP INDEX jobs_queued_shipments;
  CREATE INDEX jobs_shipments ON jobs (merchant_id, target_id, seq) WHERE kind = 'shipment';
  CREATE INDEX jobs_shipments_in_order ON jobs (merchant_id, seq) WHERE kind = 'shipment';
  `,
  `
  -- Each step of a merchant's queue cursor, with its time: the creates it passed that are still stored as
  -- queued were applied then, and so were the orders they staged, so applying a create writes nothing to
  -- its row or its order's (a failed create is marked, its order removed).
  CREATE TABLE queue_steps (
    merchant_id TEXT NOT NULL,
    through_seq INTEGER NOT NULL,
    stepped_at INTEGER NOT NULL,
    PRIMARY KEY (merchant_id, through_seq)
  ) WITHOUT ROWID;
  `,
  `
  -- The bot's messages listed by when they are due, a page at a time (each page starts where the last
  -- ended, without sorting all of a merchant's messages again).
  CREATE INDEX messages_by_due ON messages (merchant_id, due_at, id);
  `,
];
