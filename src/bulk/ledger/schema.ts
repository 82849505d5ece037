/* The ledger's schema: its tables as steps applied in order, and the shapes of their rows. */
import type { LedgerState, RecordKind } from '../../contract/kinds.js';

export type { LedgerState, RecordKind };

/** A record as the ledger keeps it. */
export interface LedgerEntry {
  kind: RecordKind;
  /** The order or product id, or a shipment's order, carrier, tracking number and items. */
  key: string;
  /** A hash of the content sent. */
  fingerprint: string;
  /** Hashes of the fields that can differ between two sendings of one id, to say which did. */
  fields: Record<string, string>;
  state: LedgerState;
  status: number | null;
  message: string | null;
  updatedAt: number;
}

/** A service and the access key id used on it: records sent to one are not another's. */
export interface LedgerTarget {
  /** The service, normalised: one service however its address is written. */
  service: string;
  accessKeyId: string;
  /** The address as it was last given, to show people. */
  address?: string;
}

export const LEDGER_MIGRATIONS = [
  `
  CREATE TABLE targets (
    id INTEGER PRIMARY KEY,
    service TEXT NOT NULL,
    access_key_id TEXT NOT NULL,
    UNIQUE (service, access_key_id)
  );
  -- Every record an upload sent or is sending, by service and credentials.
  CREATE TABLE records (
    target_id INTEGER NOT NULL REFERENCES targets (id),
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    fields TEXT NOT NULL,
    state TEXT NOT NULL,
    status INTEGER,
    message TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (target_id, kind, key)
  ) WITHOUT ROWID;
  -- Item ids of orders the service accepted, so a shipments sheet without order ids can be sent.
  CREATE TABLE order_items (
    target_id INTEGER NOT NULL,
    item_id TEXT NOT NULL,
    order_id TEXT NOT NULL,
    PRIMARY KEY (target_id, item_id)
  ) WITHOUT ROWID;
  -- Products the service accepted (by a product create or an order line), for catalogs.
  CREATE TABLE products (
    target_id INTEGER NOT NULL,
    product_id TEXT NOT NULL,
    name TEXT NOT NULL,
    image_url TEXT NOT NULL,
    PRIMARY KEY (target_id, product_id)
  ) WITHOUT ROWID;
  -- Files uploads wrote (rejects), as written, to tell when a person has edited one since.
  CREATE TABLE written_files (
    path TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    mtime_ms REAL NOT NULL
  ) WITHOUT ROWID;
  `,
  // The address people gave, to show them (`service` is the normalised form).
  `ALTER TABLE targets ADD COLUMN address TEXT;`,
  // The shipment the service took for each item, to tell a corrected tracking number from a new shipment.
  `
  CREATE TABLE shipped_items (
    target_id INTEGER NOT NULL,
    item_id TEXT NOT NULL,
    shipment_key TEXT NOT NULL,
    company_code TEXT NOT NULL,
    tracking_number TEXT NOT NULL,
    PRIMARY KEY (target_id, item_id)
  ) WITHOUT ROWID;
  `,
  // The uploads themselves: what was read, when, how, and how it ended; the history a front end shows.
  `
  CREATE TABLE uploads (
    id INTEGER PRIMARY KEY,
    target_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    input TEXT NOT NULL,
    path TEXT,
    options TEXT NOT NULL,
    started_at INTEGER NOT NULL,
    ended_at INTEGER,
    state TEXT NOT NULL,
    summary TEXT
  );
  CREATE INDEX uploads_by_target ON uploads (target_id, started_at);
  `,
];

/** How an upload ended, or that it is running (or was, when its process was killed). */
export type UploadState = 'running' | 'finished' | 'stopped' | 'failed';

/** An upload as the ledger remembers it. */
export interface UploadEntry {
  id: number;
  kind: RecordKind;
  /** How the input was named (its file name, `stdin`, `the flags`). */
  input: string;
  /** The file that was read, when it was a file. */
  path: string | null;
  /** The options to run it again with. */
  options: Record<string, unknown>;
  startedAt: number;
  endedAt: number | null;
  state: UploadState;
  /** Its summary (counts and files), once it ended. */
  summary: Record<string, unknown> | null;
}

export interface UploadRow {
  id: number;
  kind: RecordKind;
  input: string;
  path: string | null;
  options: string;
  started_at: number;
  ended_at: number | null;
  state: UploadState;
  summary: string | null;
}

export const toUpload = (row: UploadRow): UploadEntry => ({
  id: row.id,
  kind: row.kind,
  input: row.input,
  path: row.path,
  options: JSON.parse(row.options) as Record<string, unknown>,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  state: row.state,
  summary: row.summary === null ? null : (JSON.parse(row.summary) as Record<string, unknown>),
});

/** The shipment the service took for an item, as this ledger knows it. */
export interface ShippedItem {
  itemId: string;
  shipmentKey: string;
  companyCode: string;
  trackingNumber: string;
}

export interface RecordRow {
  kind: RecordKind;
  key: string;
  fingerprint: string;
  fields: string;
  state: LedgerState;
  status: number | null;
  message: string | null;
  updated_at: number;
}

export const toEntry = (row: RecordRow): LedgerEntry => ({
  kind: row.kind,
  key: row.key,
  fingerprint: row.fingerprint,
  fields: JSON.parse(row.fields) as Record<string, string>,
  state: row.state,
  status: row.status,
  message: row.message,
  updatedAt: row.updated_at,
});

/** The ledger's tables and the keys their rows are stored in, for reading a damaged file back. */
export const LEDGER_TABLES = [
  { name: 'targets', key: ['id'] },
  { name: 'records', key: ['target_id', 'kind', 'key'] },
  { name: 'order_items', key: ['target_id', 'item_id'] },
  { name: 'products', key: ['target_id', 'product_id'] },
  { name: 'written_files', key: ['path'] },
  { name: 'shipped_items', key: ['target_id', 'item_id'] },
  { name: 'uploads', key: ['id'] },
] as const;

/** Counts of records by kind and state, for `intake ledger`. */
export interface LedgerCount {
  service: string;
  access_key_id: string;
  kind: RecordKind;
  state: LedgerState;
  count: number;
}
