import { hash64 } from '../read/fingerprint.js';
import { Column } from './memory.js';

const MAX_LOAD = 0.75;

/** Room for `keys` keys without growing (growing briefly holds the old and the new slots). */
export function capacityFor(keys: number): number {
  return Math.max(1024, Math.ceil(keys / MAX_LOAD) + 1);
}

/**
 * A map from texts to non-negative integers, each integer given to one text only (a row, a group's
 * number), that keeps only each text's 64-bit fingerprint, outside the garbage-collected heap. The
 * slots (open addressing, linear probing, grown by half when three quarters full) hold only the value;
 * the fingerprints are kept by value, 8 bytes for each value up to the largest given. So a million ids,
 * one a row of a million-row file, take 5.6 MB of slots and 8 MB of fingerprints, where 12-byte slots
 * took 16.8. Freed at once by `release`.
 */
export class FingerprintTable {
  /** The value plus one; 0 marks an empty slot. */
  #slots: Column<Int32Array>;
  /** The fingerprint of the text holding each value: its two halves at 2 × value and 2 × value + 1. */
  readonly #keys: Column<Uint32Array>;
  #size = 0;

  /** `capacity` slots to start with, and room for values below `values` to start with. */
  constructor(capacity = 1024, values = 1024) {
    this.#slots = new Column(Int32Array, capacity);
    this.#keys = new Column(Uint32Array, 2 * values);
  }

  get size(): number {
    return this.#size;
  }

  /** The memory the table holds. */
  get byteLength(): number {
    return this.#slots.byteLength + this.#keys.byteLength;
  }

  /** Where `hi:lo` is, or the empty slot where it would go. */
  #slot(hi: number, lo: number): number {
    const slots = this.#slots.array;
    const keys = this.#keys.array;
    const capacity = slots.length;
    let slot = home(hi, lo, capacity);
    for (;;) {
      const value = slots[slot] as number;
      if (value === 0) return slot;
      const at = 2 * (value - 1);
      if (keys[at] === hi && keys[at + 1] === lo) return slot;
      slot = slot + 1 === capacity ? 0 : slot + 1;
    }
  }

  /** The value stored for `text`, or -1. */
  get(text: string): number {
    const [hi, lo] = hash64(text);
    return (this.#slots.array[this.#slot(hi, lo)] as number) - 1;
  }

  /**
   * Stores `value` for `text` unless it has one; returns the value now stored (see `size` to tell).
   * A value may be given to one text only.
   */
  add(text: string, value: number): number {
    const [hi, lo] = hash64(text);
    let slot = this.#slot(hi, lo);
    const existing = this.#slots.array[slot] as number;
    if (existing !== 0) return existing - 1;
    if (this.#size + 1 > this.#slots.length * MAX_LOAD) {
      this.#grow();
      slot = this.#slot(hi, lo);
    }
    this.#keys.ensure(2 * value + 2);
    this.#keys.array[2 * value] = hi;
    this.#keys.array[2 * value + 1] = lo;
    this.#slots.array[slot] = value + 1;
    this.#size += 1;
    return value;
  }

  /** Gives the memory back; the table is empty afterwards. */
  release(): void {
    this.#slots.release();
    this.#keys.release();
    this.#size = 0;
  }

  /** Moves every value to slots half as many again: only the slots are copied, not the fingerprints. */
  #grow(): void {
    const old = this.#slots;
    const slots = new Column(Int32Array, Math.ceil(old.length * 1.5));
    const keys = this.#keys.array;
    const capacity = slots.length;
    for (let i = 0; i < old.length; i++) {
      const value = old.array[i] as number;
      if (value === 0) continue;
      const at = 2 * (value - 1);
      let slot = home(keys[at] as number, keys[at + 1] as number, capacity);
      while (slots.array[slot] !== 0) slot = slot + 1 === capacity ? 0 : slot + 1;
      slots.array[slot] = value;
    }
    old.release();
    this.#slots = slots;
  }
}

/** Maps a fingerprint onto [0, capacity) without a division ("fast range"). */
function home(hi: number, lo: number, capacity: number): number {
  return Math.floor(((lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0) * (capacity / 4294967296));
}
