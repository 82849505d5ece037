import type { ApiClient } from '../../client/api-client.js';
import { AbortedError, ApiError, NetworkError } from '../../client/errors.js';
import { describeIssues } from '../../contract/loc.js';
import type { OrderCreateBody, ProductCreateBody, ShipmentRecord } from '../../contract/index.js';
import type { LedgerRecords } from '../ledger/records.js';
import type { LedgerEntry, ShippedItem } from '../ledger/schema.js';
import {
  conflictIsOwn,
  differ,
  differingFields,
  fieldList,
  fieldPrints,
  fingerprintOfJson,
  type Outcome,
} from '../outcome.js';
import type { Resource } from '../resources.js';
import { counting } from '../../util/count.js';

/** What the send stage works with for one upload. */
export interface SendSetup {
  resource: Resource<unknown>;
  client: ApiClient;
  ledger: LedgerRecords;
  /** Consult the ledger (false with `--no-resume`: send everything, but still record it). */
  resume: boolean;
  /** Send the PATCH the service allows for records accepted earlier with other content. */
  update: boolean;
}

/** A record about to be sent, with what the ledger keeps of it. */
export interface Prepared {
  record: unknown;
  /** The record as JSON, made once: its fingerprint is taken of it, and it is the body sent. */
  json: string;
  key: string;
  id: string;
  print: string;
  fields: Record<string, string>;
}

/** How a record differs from what the service took earlier: the fields, and which of them can be sent. */
export interface Change {
  fields: string[];
  /** Fields `--update` sends (by PATCH, or a shipment sent again). */
  fixable: string[];
  /** Fields the service cannot change once it has the record. */
  fixed: string[];
}

/** What happened to one record: the report line's outcome, status and message. */
export interface Sent {
  outcome: Outcome;
  status?: number | undefined;
  message: string;
  /** The service could not be reached: the upload should find out whether it is down. */
  unreachable?: NetworkError;
  /** The service failed the record (5xx, or still 429) after its retries: the upload counts these in a row. */
  serviceFailed?: ApiError;
  /** For `changed` and `updated` records: how the record differed. */
  change?: Change;
  /** A corrected shipment was sent: its buyer is notified again. */
  renotified?: boolean;
}

/** What to do with a record, decided from the ledger without asking the service. */
export type Plan =
  | { action: 'send'; prior: LedgerEntry | undefined }
  | { action: 'skip'; sent: Sent }
  | { action: 'correct'; prior: LedgerEntry; differing: string[] }
  /** A shipment giving items the service has already shipped another carrier or tracking number. */
  | { action: 'reship'; earlier: ShippedItem[]; change: Change };

export function prepare(resource: Resource<unknown>, record: unknown): Prepared {
  const json = JSON.stringify(record);
  return {
    record,
    json,
    key: resource.keyOf(record),
    id: resource.labelOf(record),
    print: fingerprintOfJson(json),
    fields: fieldPrints(resource.fieldsOf(record)),
  };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const REGISTERED: ReadonlySet<string> = new Set(['accepted', 'already_registered']);

/** The items of a shipment the service has already shipped under another carrier or tracking number. */
function reshipped(setup: SendSetup, shipment: ShipmentRecord, key: string): Plan | undefined {
  const earlier = shipment.order_item_ids
    .map((item) => setup.ledger.shippedItem(item))
    .filter((item): item is ShippedItem => item !== undefined && item.shipmentKey !== key);
  if (earlier.length === 0) return undefined;
  const fields = [
    ...(earlier.some((item) => item.companyCode !== shipment.company_code) ? ['company_code'] : []),
    ...(earlier.some((item) => item.trackingNumber !== shipment.tracking_number) ? ['tracking_number'] : []),
  ];
  // The same carrier and number for other items: a shipment of more items, not a correction.
  if (fields.length === 0) return undefined;
  return { action: 'reship', earlier, change: { fields, fixable: fields, fixed: [] } };
}

/**
 * Decides from the ledger: a record the service took earlier with the same content is not sent again;
 * one it took with other content is a correction, and so is a shipment that gives items the service has
 * already shipped another tracking number; anything else (new, in flight when a run was killed, refused
 * or failed before) is sent.
 */
export function planRecord(setup: SendSetup, prepared: Prepared): Plan {
  const prior = setup.ledger.get(setup.resource.name, prepared.key);
  if (!setup.resume) return { action: 'send', prior };
  if (!prior || !REGISTERED.has(prior.state)) {
    if (setup.resource.name !== 'shipment') return { action: 'send', prior };
    return reshipped(setup, prepared.record as ShipmentRecord, prepared.key) ?? { action: 'send', prior };
  }
  if (prior.fingerprint === prepared.print) {
    return {
      action: 'skip',
      sent: {
        outcome: 'already_registered',
        message: `sent by an earlier run (${prior.state} ${day(prior.updatedAt)} UTC)`,
      },
    };
  }
  return { action: 'correct', prior, differing: differingFields(prior.fields, prepared.fields) };
}

function apiMessage(error: ApiError): string {
  const detail = Array.isArray(error.detail) ? describeIssues(error.detail).join('; ') : (error.detail ?? '');
  return detail || `HTTP ${error.status}`;
}

/** A failed request as an outcome; a 401 is not an outcome but the end of the upload (thrown). */
function failure(error: unknown): Sent {
  if (error instanceof AbortedError)
    return { outcome: 'not_sent', message: 'stopped before the service answered' };
  if (error instanceof NetworkError) {
    return {
      outcome: 'failed',
      message: `no answer: ${error.reason} (${counting(error.attempts, 'attempt')})`,
      unreachable: error,
    };
  }
  if (error instanceof ApiError && error.status !== 401) {
    if (error.status === 429 || error.status >= 500) {
      const why = error.status === 429 ? 'still rate limited' : 'the service failed';
      return {
        outcome: 'failed',
        status: error.status,
        message: `${why} after ${counting(error.attempts, 'attempt')} (HTTP ${error.status}): ${apiMessage(error)}`,
        serviceFailed: error,
      };
    }
    return { outcome: 'rejected', status: error.status, message: apiMessage(error) };
  }
  throw error;
}

/** Notes in the ledger what the service now has: an order's items and products, a product, a shipment's items. */
function noteAccepted(setup: SendSetup, prepared: Prepared): void {
  const { record } = prepared;
  if (setup.resource.name === 'order') {
    const order = record as OrderCreateBody;
    setup.ledger.accepted({ kind: 'order', orderId: order.id, items: order.items });
  } else if (setup.resource.name === 'product') {
    setup.ledger.accepted({ kind: 'product', ...(record as ProductCreateBody) });
  } else {
    const shipment = record as ShipmentRecord;
    setup.ledger.accepted({
      kind: 'shipment',
      key: prepared.key,
      itemIds: shipment.order_item_ids,
      companyCode: shipment.company_code,
      trackingNumber: shipment.tracking_number,
    });
  }
}

/**
 * Marks a record in flight in the ledger; resolves once that is committed. Records marked together (an
 * upload marks the records it reads ahead) share one commit. A record marked but never sent (the run was
 * killed first) is sent again by the next run, which is safe: the service knows it or takes it.
 */
export function markSending(setup: SendSetup, prepared: Prepared): Promise<void> {
  return setup.ledger.sending({
    kind: setup.resource.name,
    key: prepared.key,
    fingerprint: prepared.print,
    fields: prepared.fields,
  });
}

/**
 * The records marked in flight as they were read ahead, until each is handed to the sender. When an
 * upload stops early, the marks of those it never sent are taken back, so that the ledger says of them
 * what it said before.
 */
export class ReadAheadMarks {
  readonly #marks = new Map<string, { prior: LedgerEntry | undefined; marked: Promise<void> }>();

  add(key: string, prior: LedgerEntry | undefined, marked: Promise<void>): void {
    this.#marks.set(key, { prior, marked });
  }

  /** The record goes to the sender: its mark stays. */
  handOver(key: string): void {
    this.#marks.delete(key);
  }

  /**
   * Takes back the marks of records never handed over, once they are committed. Best effort: if the
   * ledger cannot be written, they stay in flight, which only means the next run sends them.
   */
  async withdraw(setup: SendSetup): Promise<void> {
    if (this.#marks.size === 0) return;
    const marks = [...this.#marks];
    this.#marks.clear();
    await Promise.allSettled(marks.map(([, mark]) => mark.marked));
    try {
      for (const [key, mark] of marks) setup.ledger.unmark(setup.resource.name, key, mark.prior);
      setup.ledger.flush();
    } catch {
      // left in flight: safe
    }
  }
}

/**
 * Sends a record once its mark as in flight (`markSending`) is committed, creates it, and records the
 * answer. A 409 is `already_registered` only when it names the record's own id; if the ledger knows
 * other content for it, the record is `changed`.
 */
export async function sendRecord(
  setup: SendSetup,
  prepared: Prepared,
  prior: LedgerEntry | undefined,
  marked: Promise<void>,
): Promise<Sent> {
  const { resource, ledger } = setup;
  await marked;
  let sent: Sent;
  try {
    const result = await resource.create(setup.client, prepared.record, prepared.json);
    if (result.status === 202) {
      sent = { outcome: 'accepted', status: 202, message: result.message };
    } else if (
      !conflictIsOwn(result.message, resource.ownIdOf(prepared.record), resource.otherIdsOf(prepared.record))
    ) {
      sent = { outcome: 'rejected', status: 409, message: result.message };
    } else if (prior && prior.fingerprint !== prepared.print) {
      // The service has this id from an earlier run that sent other content: keep that as what it has.
      ledger.replace({
        ...prior,
        state: 'already_registered',
        status: 409,
        message: result.message,
      });
      const differing = differingFields(prior.fields, prepared.fields);
      return setup.update && differing.length > 0
        ? correct(setup, prepared, prior, differing)
        : changed(setup.resource, differing);
    } else {
      sent = { outcome: 'already_registered', status: 409, message: result.message };
    }
  } catch (error) {
    sent = failure(error);
    // Stopped before the service took it (waiting for its turn, or to retry a 429 or 503): the ledger
    // says of it what it said before.
    if (error instanceof AbortedError && error.notTaken) ledger.unmark(resource.name, prepared.key, prior);
  }
  if (sent.outcome === 'not_sent') return sent;
  ledger.answered(resource.name, prepared.key, sent.outcome as 'accepted', sent.status ?? null, sent.message);
  if (sent.outcome === 'accepted' || sent.outcome === 'already_registered') noteAccepted(setup, prepared);
  return sent;
}

function changeOf(resource: Resource<unknown>, differing: readonly string[]): Change {
  return {
    fields: [...differing],
    fixable: differing.filter((field) => resource.updatable.includes(field)),
    fixed: differing.filter((field) => !resource.updatable.includes(field)),
  };
}

/** What the service cannot change, said once: `the service cannot change items of an existing order`. */
function cannot(resource: Resource<unknown>, fixed: readonly string[]): string {
  return `the service cannot change ${fieldList(fixed)} of an existing ${resource.name}`;
}

/** A record the service has with other content, not corrected: which fields differ and what to do. */
function changed(resource: Resource<unknown>, differing: readonly string[]): Sent {
  const change = changeOf(resource, differing);
  const hints = [
    change.fixable.length > 0 ? `run again with --update to send ${fieldList(change.fixable)} by PATCH` : '',
    change.fixed.length > 0 ? cannot(resource, change.fixed) : '',
  ].filter(Boolean);
  return {
    outcome: 'changed',
    change,
    message: `${fieldList(change.fields)} ${differ(change.fields)} from what the service took earlier; ${hints.join('; ')}`,
  };
}

/**
 * A record the service took earlier with other content: without `--update`, says which fields differ;
 * with it, sends the PATCH the service allows (`updated` when that makes the service's copy the same,
 * still `changed` when some field cannot be changed).
 */
export async function correct(
  setup: SendSetup,
  prepared: Prepared,
  prior: LedgerEntry,
  differing: readonly string[],
): Promise<Sent> {
  const { resource, ledger } = setup;
  const change = changeOf(resource, differing);
  if (!setup.update || change.fixable.length === 0 || !resource.update) return changed(resource, differing);
  try {
    await resource.update(setup.client, prepared.record);
  } catch (error) {
    const sent = failure(error);
    return { ...sent, change, message: `the update was not taken: ${sent.message}` };
  }
  const fields = { ...prior.fields };
  for (const field of resource.updatable) fields[field] = prepared.fields[field] as string;
  ledger.replace({
    ...prior,
    fingerprint: change.fixed.length === 0 ? prepared.print : prior.fingerprint,
    fields,
    state: prior.state,
  });
  const updated = `updated ${fieldList(change.fixable)} by PATCH`;
  if (change.fixed.length === 0) return { outcome: 'updated', status: 204, change, message: updated };
  return {
    outcome: 'changed',
    status: 204,
    change,
    message: `${updated}; ${cannot(resource, change.fixed)}`,
  };
}

/** `ORD-1-1 (kr.cjlogistics 640123456789)`, for the items a corrected shipment ships again. */
const shippedAs = (items: readonly ShippedItem[]) =>
  items
    .slice(0, 3)
    .map((item) => `${item.itemId} (${item.companyCode} ${item.trackingNumber})`)
    .join(', ') + (items.length > 3 ? ` and ${items.length - 3} more` : '');

/**
 * A shipment that gives items the service has already shipped another carrier or tracking number:
 * without `--update` it is `changed` and not sent, since sending it notifies the buyer again; with it,
 * it is sent (the service replaces the items' tracking data and keeps the history) and is `updated`.
 */
export async function reship(
  setup: SendSetup,
  prepared: Prepared,
  plan: Extract<Plan, { action: 'reship' }>,
  marked?: Promise<void>,
): Promise<Sent> {
  const { change, earlier } = plan;
  const what = `${fieldList(change.fields)} ${differ(change.fields)} from the shipment the service took earlier for ${shippedAs(earlier)}`;
  if (!setup.update || !marked) {
    return {
      outcome: 'changed',
      change,
      message: `${what}; run again with --update to send it (the buyer is notified again)`,
    };
  }
  const sent = await sendRecord(setup, prepared, undefined, marked);
  if (sent.outcome !== 'accepted' && sent.outcome !== 'already_registered') return { ...sent, change };
  return {
    outcome: 'updated',
    status: sent.status,
    change,
    renotified: sent.outcome === 'accepted',
    message: `sent with the new ${fieldList(change.fields)}: the service replaces the items' tracking data and the buyer is notified again`,
  };
}
