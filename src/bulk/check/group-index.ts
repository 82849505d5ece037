import { FingerprintTable } from './fingerprint-table.js';
import { Bits, Column } from './memory.js';

/**
 * Why a group is invalid: a text, or the row whose own problems (as inspecting it gives them) made it
 * so, said when the send pass reads that row again. A number keeps a text per invalid record out of
 * memory when every row of a file is invalid.
 */
export type InvalidReason = string | { ownProblemsOfRow: number };

/**
 * The invalid groups and why, in little memory however many there are: a group made invalid by a row's
 * own problems (every group of a file whose phone column Excel mangled) costs 4 bytes, in a column;
 * only reasons given as texts (across rows: an id used twice, a record too large) are kept as texts.
 */
export class InvalidGroups {
  /** The row whose own problems made each group invalid, by group number; -1 for none. */
  readonly #ownProblemsOfRow = new Column(Int32Array, 1024, -1);
  readonly #texts = new Map<number, string>();
  #size = 0;

  /** How many groups are invalid. */
  get size(): number {
    return this.#size;
  }

  get(group: number): InvalidReason | undefined {
    const text = this.#texts.get(group);
    if (text !== undefined) return text;
    const row = group < this.#ownProblemsOfRow.length ? (this.#ownProblemsOfRow.array[group] as number) : -1;
    return row === -1 ? undefined : { ownProblemsOfRow: row };
  }

  /** Marks a group invalid; the first reason given is kept. */
  add(group: number, reason: InvalidReason): void {
    if (this.get(group) !== undefined) return;
    this.#size += 1;
    if (typeof reason === 'string') {
      this.#texts.set(group, reason);
      return;
    }
    this.#ownProblemsOfRow.ensure(group + 1);
    this.#ownProblemsOfRow.array[group] = reason.ownProblemsOfRow;
  }

  release(): void {
    this.#ownProblemsOfRow.release();
    this.#texts.clear();
  }
}

/** The most a group's size is counted to (a typed array would wrap past it). */
const MAX_BYTES = 0xffff_ffff;

/** The most a group's rows are counted to: far above the most a record may have (1,000 items). */
export const MAX_COUNTED_UNITS = 0xffff;

/**
 * What the check pass knows about each group (one record in the making), numbered in order of first
 * appearance, in columns of typed arrays: first row, number of rows, and a fingerprint of what the rows
 * must agree on. Reasons for invalid groups are the only texts kept. (A group's last row is found from
 * the rows' groups once the check is over: see `lastUnitsOf`.)
 */
export class GroupIndex {
  readonly #numbers = new FingerprintTable();
  readonly #firstRow = new Column(Int32Array, 1024);
  /** Saturates at `MAX_COUNTED_UNITS`: only ever compared with the most a record may have. */
  readonly #units = new Column(Uint16Array, 1024);
  readonly #fingerprint = new Column(Float64Array, 1024);
  /** Saturates at the largest Uint32: only ever compared with the 1 MiB a request may be. */
  readonly #bytes = new Column(Uint32Array, 1024);
  readonly #invalid = new InvalidGroups();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** The number of a group, or -1 when the check never saw it. */
  lookup(key: string): number {
    return this.#numbers.get(key);
  }

  /**
   * Adds a group first seen at `row`; `fingerprint` NaN when its rows need not agree on anything;
   * `bytes` the size of the record's JSON so far.
   */
  add(key: string, row: number, fingerprint: number, bytes: number): number {
    const index = this.#size;
    for (const column of [this.#firstRow, this.#units, this.#fingerprint, this.#bytes])
      column.ensure(index + 1);
    this.#bytes.array[index] = Math.min(bytes, MAX_BYTES);
    this.#numbers.add(key, index);
    this.#firstRow.array[index] = row;
    this.#units.array[index] = 1;
    this.#fingerprint.array[index] = fingerprint;
    this.#size += 1;
    return index;
  }

  /** Records another row of a group, which adds `bytes` to the record's JSON. */
  addRow(index: number, bytes = 0): void {
    this.#units.array[index] = Math.min((this.#units.array[index] as number) + 1, MAX_COUNTED_UNITS);
    this.#bytes.array[index] = Math.min((this.#bytes.array[index] as number) + bytes, MAX_BYTES);
  }

  /** How large the record's JSON is. */
  bytes(index: number): number {
    return this.#bytes.array[index] as number;
  }

  firstRow(index: number): number {
    return this.#firstRow.array[index] as number;
  }

  /** How many rows the group has, up to `MAX_COUNTED_UNITS`. */
  units(index: number): number {
    return this.#units.array[index] as number;
  }

  fingerprint(index: number): number {
    return this.#fingerprint.array[index] as number;
  }

  setFingerprint(index: number, fingerprint: number): void {
    this.#fingerprint.array[index] = fingerprint;
  }

  /** Marks a group invalid; the first reason given is kept. */
  invalidate(index: number, reason: InvalidReason): void {
    this.#invalid.add(index, reason);
  }

  invalid(index: number): InvalidReason | undefined {
    return this.#invalid.get(index);
  }

  /** Hands over what the send pass needs, the reasons of invalid groups, and frees the rest. */
  forSending(): InvalidGroups {
    this.#numbers.release();
    this.#firstRow.release();
    this.#units.release();
    this.#fingerprint.release();
    this.#bytes.release();
    return this.#invalid;
  }
}

/**
 * Marks the last unit of each group, by unit number: what the send pass needs to know that a record is
 * complete. Found from the group of each unit (`groupOfUnit`, -1 or less for none) read from the end, in
 * one bit a unit where a row number for each group took 4 bytes a group through the whole check.
 */
export function lastUnitsOf(groupOfUnit: Column<Int32Array>, groups: number): Bits {
  const last = new Bits(groupOfUnit.length);
  const seen = new Bits(groups);
  for (let unit = groupOfUnit.length - 1; unit >= 0; unit--) {
    const group = groupOfUnit.array[unit] as number;
    if (group < 0 || seen.has(group)) continue;
    seen.set(group);
    last.set(unit);
  }
  seen.release();
  return last;
}
