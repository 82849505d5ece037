import { formatLoc, type OrderCreateBody } from '../../contract/index.js';
import { unwrapExcelText } from '../../input/excel-text.js';
import type { IdWatch } from '../../input/id-watch.js';
import type { RecordContext } from '../../input/record-context.js';
import { checkInput } from '../../input/record-rules.js';
import { problemFromIssue, WHOLE_RECORD, type Problem } from '../problems.js';
import type { Resource } from '../resources.js';

/** What the check pass learns from one row or JSON record. */
export interface Inspection {
  /** Units with the same group become one record (CSV orders and shipments), or are duplicates. */
  group?: string;
  /** An id Excel damaged (scientific notation, a date): the unit is in no group, and this is said once. */
  damagedId?: string;
  /** Data that every unit of a group must agree on, or the whole content for duplicate detection. */
  fingerprint?: string;
  /** Order item ids the unit uses, which must be unique across the file. */
  itemIds?: readonly string[];
  /**
   * The unit's share of the record's JSON, in bytes: `base` when it starts the record, `part` for what
   * each unit adds (with a separator). A record over the service's limit is refused before sending.
   */
  bytes?: { base: number; part: number };
  problems: Problem[];
  /** What is taken, but worth a word (a phone number the bot may not reach). */
  warnings?: Problem[];
  /** Why the unit is not a record yet and is skipped, not refused (a dispatch row with no tracking number). */
  skip?: string;
  /**
   * The parcel a shipment names (its carrier and tracking number): two orders naming one parcel are
   * worth a word (a column filled down by mistake), though orders packed in one box do share it.
   */
  parcel?: string;
}

/** A field every unit of one record must agree on: its column, as written, and as the service would use it. */
export interface AgreedField {
  column: string;
  raw: string;
  key: string;
}

/** How units of one kind of input become records. */
export interface Layout {
  /** Several units per record (one CSV row per order item), rather than one unit per record. */
  grouped: boolean;
  /** Most units one record may have. */
  maxUnits: number;
  /** Each unit names about one order item (so the item index can be sized from the number of units). */
  oneItemPerUnit: boolean;
  /** The check pass: every rule of the contract and every Excel diagnosis, per unit. */
  inspect(value: unknown): Inspection;
  /** The send pass, for units that passed the check: the group and the unit's part of the record. */
  build(value: unknown): { group: string; part: unknown };
  merge(parts: readonly unknown[]): unknown;
  /** How people recognise a unit's record, even an invalid one (its id, as written). */
  label(value: unknown): string;
  /** Where the check pass finds the long numeric ids of the unit it last inspected. */
  ids?: IdWatch;
  /**
   * What the units of one record must agree on (grouped layouts), read from the unit as written, valid
   * or not: values are compared as the service would use them (phone numbers by their digits).
   */
  agreeing?(value: unknown): readonly AgreedField[];
  /** The column (or JSON path) of a place in a unit's record, for problems found after inspecting. */
  columnOf(loc: readonly string[], value?: unknown): string;
}

/** A sheet's layout (CSV or .xlsx): its columns, which are required, and how cells become a record. */
export interface TableLayout extends Layout {
  columns: readonly string[];
  /** Each entry is a set of alternatives, one of which the header must have. */
  required: readonly (readonly string[])[];
}

/**
 * JSON and NDJSON: every element is a whole record, checked by the same input rules and contract as a
 * sheet's rows.
 */
export function jsonLayout<T>(resource: Resource<T>, context: RecordContext = {}): Layout {
  const typed: RecordContext = { ...context, source: 'typed' };
  const checkRecord = (value: unknown) => checkInput(resource.name, resource.schema, value, typed);
  return {
    grouped: false,
    maxUnits: 1,
    oneItemPerUnit: false,
    inspect(value) {
      const checked = checkRecord(value);
      if (!checked.ok) {
        const raw = (value as { id?: unknown } | null)?.id;
        const id = typeof raw === 'string' ? unwrapExcelText(raw, 'id').trim() : '';
        return {
          ...(resource.name !== 'shipment' && id !== '' ? { group: id } : {}),
          problems: checked.issues.map((issue) =>
            problemFromIssue(issue, formatLoc(issue.loc) || WHOLE_RECORD, issue.input),
          ),
        };
      }
      const record = checked.value;
      const items =
        resource.name === 'order' ? (record as OrderCreateBody).items.map((item) => item.id) : undefined;
      const json = JSON.stringify(record);
      return {
        group: resource.keyOf(record),
        fingerprint: json,
        ...(items ? { itemIds: items } : {}),
        bytes: { base: Buffer.byteLength(json), part: 0 },
        problems: [],
        ...(checked.warnings.length > 0
          ? {
              warnings: checked.warnings.map((issue) =>
                problemFromIssue(issue, formatLoc(issue.loc) || WHOLE_RECORD, issue.input),
              ),
            }
          : {}),
      };
    },
    build(value) {
      // The value passed the check; checking again gives the record as sent, with only the contract's fields.
      const checked = checkRecord(value);
      if (!checked.ok) throw new Error('a record that passed the check failed it when sent');
      return { group: resource.keyOf(checked.value), part: checked.value };
    },
    merge: (parts) => parts[0],
    columnOf: (loc) => formatLoc(loc) || WHOLE_RECORD,
    ids: context.ids,
    label: (value) => {
      const fields = value as { id?: unknown; order_id?: unknown } | null;
      const id = resource.name === 'shipment' ? fields?.order_id : fields?.id;
      return typeof id === 'string' ? id : '';
    },
  };
}
