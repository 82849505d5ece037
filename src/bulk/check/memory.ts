type TypedArray = Uint8Array | Uint16Array | Int32Array | Uint32Array | Float64Array;
type TypedArrayClass<T extends TypedArray> = {
  new (buffer: ArrayBuffer): T;
  BYTES_PER_ELEMENT: number;
};

/** The most a column may grow to: address space set aside, not memory used. */
const MAX_BYTES = 2 ** 30;

/**
 * A typed array on a resizable buffer: it grows in place (no second copy while growing) and `release`
 * gives its memory back to the system at once, rather than whenever the garbage collector gets to it.
 * The check pass of a large upload keeps its indexes in these, and frees them before the send pass.
 */
export class Column<T extends TypedArray> {
  readonly #buffer: ArrayBuffer;
  readonly #bytesPerElement: number;
  readonly #fill: number;
  /** The elements; a view that follows the buffer's size. */
  readonly array: T;

  constructor(type: TypedArrayClass<T>, length: number, fill = 0) {
    this.#bytesPerElement = type.BYTES_PER_ELEMENT;
    this.#fill = fill;
    this.#buffer = new ArrayBuffer(0, { maxByteLength: MAX_BYTES });
    this.array = new type(this.#buffer);
    this.ensure(length);
  }

  get length(): number {
    return this.array.length;
  }

  /** The memory the column holds. */
  get byteLength(): number {
    return this.#buffer.byteLength;
  }

  /**
   * Grows to at least `length` elements, by a quarter at a time: the buffer grows in place, so growing
   * often costs little, and a column is never much larger than what it holds.
   */
  ensure(length: number): void {
    const old = this.array.length;
    if (length <= old) return;
    const target = Math.min(MAX_BYTES / this.#bytesPerElement, Math.max(length, Math.ceil(old * 1.25)));
    if (target < length) throw new RangeError(`a column of ${length} elements is too large`);
    this.#buffer.resize(target * this.#bytesPerElement);
    if (this.#fill !== 0) this.array.fill(this.#fill, old);
  }

  /** Gives the memory back; the column is empty afterwards. */
  release(): void {
    this.#buffer.resize(0);
  }
}

/** One bit for each of `length` elements, on a column: set or not. */
export class Bits {
  readonly #bytes: Column<Uint8Array>;

  constructor(length: number) {
    this.#bytes = new Column(Uint8Array, Math.ceil(length / 8));
  }

  /** Whether the bit is set; false past the end. */
  has(index: number): boolean {
    const byte = index >>> 3;
    return byte < this.#bytes.length && ((this.#bytes.array[byte] as number) & (1 << (index & 7))) !== 0;
  }

  set(index: number): void {
    this.#bytes.ensure((index >>> 3) + 1);
    this.#bytes.array[index >>> 3] = (this.#bytes.array[index >>> 3] as number) | (1 << (index & 7));
  }

  release(): void {
    this.#bytes.release();
  }
}
