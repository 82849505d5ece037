import { hash64 } from '../read/fingerprint.js';
import { Column } from './memory.js';

const MAX_LOAD = 0.75;

/** Room for `keys` keys without growing (growing briefly holds the old and the new arrays). */
export function capacityFor(keys: number): number {
  return Math.max(1024, Math.ceil(keys / MAX_LOAD) + 1);
}

/**
 * A map from texts to non-negative integers that keeps only each text's 64-bit fingerprint, outside the
 * garbage-collected heap: 12 bytes a slot, open addressing with linear probing, grown by half when three
 * quarters full (a million keys take about 18 MB), and freed at once by `release`.
 */
export class FingerprintTable {
  #hi: Column<Uint32Array>;
  #lo: Column<Uint32Array>;
  /** The value plus one; 0 marks an empty slot. */
  #values: Column<Int32Array>;
  #size = 0;

  constructor(capacity = 1024) {
    this.#hi = new Column(Uint32Array, capacity);
    this.#lo = new Column(Uint32Array, capacity);
    this.#values = new Column(Int32Array, capacity);
  }

  get size(): number {
    return this.#size;
  }

  #slot(hi: number, lo: number): number {
    const values = this.#values.array;
    const his = this.#hi.array;
    const los = this.#lo.array;
    const capacity = values.length;
    // Maps the hash onto [0, capacity) without a division ("fast range").
    let slot = Math.floor(((lo ^ Math.imul(hi, 0x9e3779b1)) >>> 0) * (capacity / 4294967296));
    while (values[slot] !== 0 && (his[slot] !== hi || los[slot] !== lo))
      slot = slot + 1 === capacity ? 0 : slot + 1;
    return slot;
  }

  /** The value stored for `text`, or -1. */
  get(text: string): number {
    const [hi, lo] = hash64(text);
    return (this.#values.array[this.#slot(hi, lo)] as number) - 1;
  }

  /** Stores `value` for `text` unless it has one; returns the value now stored (see `size` to tell). */
  add(text: string, value: number): number {
    const [hi, lo] = hash64(text);
    let slot = this.#slot(hi, lo);
    const existing = this.#values.array[slot] as number;
    if (existing !== 0) return existing - 1;
    if (this.#size + 1 > this.#values.length * MAX_LOAD) {
      this.#grow();
      slot = this.#slot(hi, lo);
    }
    this.#hi.array[slot] = hi;
    this.#lo.array[slot] = lo;
    this.#values.array[slot] = value + 1;
    this.#size += 1;
    return value;
  }

  /** Gives the memory back; the table is empty afterwards. */
  release(): void {
    this.#hi.release();
    this.#lo.release();
    this.#values.release();
    this.#size = 0;
  }

  #grow(): void {
    const [hi, lo, values] = [this.#hi, this.#lo, this.#values];
    const capacity = Math.ceil(values.length * 1.5);
    this.#hi = new Column(Uint32Array, capacity);
    this.#lo = new Column(Uint32Array, capacity);
    this.#values = new Column(Int32Array, capacity);
    for (let i = 0; i < values.length; i++) {
      const value = values.array[i] as number;
      if (value === 0) continue;
      const slot = this.#slot(hi.array[i] as number, lo.array[i] as number);
      this.#hi.array[slot] = hi.array[i] as number;
      this.#lo.array[slot] = lo.array[i] as number;
      this.#values.array[slot] = value;
    }
    hi.release();
    lo.release();
    values.release();
  }
}
