import { hash as digest } from 'node:crypto';
import type { Outcome } from '../contract/kinds.js';
import { listed } from '../util/listed.js';

export type { Outcome };

/** One line of the report: a record, the rows it came from, and what happened to it. */
export interface ReportLine {
  rows: readonly number[];
  id: string;
  outcome: Outcome;
  status?: number | undefined;
  message: string;
  /** What would be sent: the request body of a record a dry run checked. */
  body?: unknown;
  /** For a `changed` or `updated` record, the fields that differ from what the service took earlier. */
  fields?: readonly string[];
}

const hash = (text: string) => digest('sha256', text, 'base64url').slice(0, 22);

/**
 * A fingerprint of a record's content, taken of the record as JSON (the body about to be sent): the same
 * content always gives the same one.
 */
export function fingerprintOfJson(json: string): string {
  return hash(json);
}

/** A fingerprint of each field, to say which ones differ without keeping their values. */
export function fieldPrints(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, hash(JSON.stringify(value))]),
  );
}

/** The fields whose fingerprints differ. */
export function differingFields(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a text names an id: quoted (`'A'`, `"A"`, `` `A` ``) or as a whole word. */
function names(text: string, id: string): boolean {
  if (id === '') return false;
  return new RegExp(`['"\`]${escape(id)}['"\`]|(?<![\\w-])${escape(id)}(?![\\w-])`).test(text);
}

/**
 * Whether a 409 is about the record itself: its text names the record's own id and none of the other
 * ids it carries. "Order item 'ORD-2-1' already exists in order 'ORD-1'" sent for order ORD-2 names an
 * item of ORD-2 and another order: that order was refused, not registered. When in doubt, the answer is
 * no: a false "rejected" is reported and can be checked, a false "already registered" loses a record.
 */
export function conflictIsOwn(detail: string, ownId: string, otherIds: readonly string[]): boolean {
  return names(detail, ownId) && !otherIds.some((other) => other !== ownId && names(detail, other));
}

/** `recipient_cellphone`, `recipient_name and recipient_cellphone`, `a, b and c` */
export function fieldList(fields: readonly string[]): string {
  return fields.length === 0 ? 'content' : listed(fields, 'and');
}

/** "differs" or "differ", as the fields read: `items differ`, `member_id differs`, `a and b differ`. */
export function differ(fields: readonly string[]): string {
  const [only] = fields;
  return fields.length === 1 && only !== undefined && !only.endsWith('s') ? 'differs' : 'differ';
}
