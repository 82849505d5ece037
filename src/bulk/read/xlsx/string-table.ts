/** Bytes per chunk of text, and strings per block of positions. */
const CHUNK_BYTES = 1 << 20;
const BLOCK = 1 << 16;

/**
 * A workbook's shared strings, kept compactly: their UTF-8 bytes end to end in chunks of 1 MB, and per
 * string its chunk, offset and length. A million-row sheet can have millions of distinct strings (names,
 * phones, addresses); as JavaScript strings they would take several times the memory, and a buffer that
 * doubles as it grows would hold up to twice what it needs.
 */
export class StringTable {
  readonly #chunks: Buffer[] = [];
  /** Free bytes at the end of the last chunk, from `#used`. */
  #used = CHUNK_BYTES;
  readonly #chunkOf: Uint32Array[] = [];
  readonly #offsetOf: Uint32Array[] = [];
  readonly #lengthOf: Uint32Array[] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Adds the string at `index` (shared strings come in order, from 0). */
  set(index: number, text: string): void {
    if (index !== this.#size) throw new RangeError(`shared string ${index} out of order`);
    const length = Buffer.byteLength(text);
    if (this.#used + length > CHUNK_BYTES || this.#chunks.length === 0) {
      // A string longer than a chunk gets a chunk of its own.
      this.#chunks.push(Buffer.allocUnsafe(Math.max(CHUNK_BYTES, length)));
      this.#used = 0;
    }
    const chunk = this.#chunks.length - 1;
    (this.#chunks[chunk] as Buffer).write(text, this.#used);
    const block = Math.floor(index / BLOCK);
    if (block === this.#chunkOf.length) {
      this.#chunkOf.push(new Uint32Array(BLOCK));
      this.#offsetOf.push(new Uint32Array(BLOCK));
      this.#lengthOf.push(new Uint32Array(BLOCK));
    }
    const slot = index % BLOCK;
    (this.#chunkOf[block] as Uint32Array)[slot] = chunk;
    (this.#offsetOf[block] as Uint32Array)[slot] = this.#used;
    (this.#lengthOf[block] as Uint32Array)[slot] = length;
    this.#used += length;
    this.#size += 1;
  }

  get(index: number): string | undefined {
    if (!(index >= 0 && index < this.#size)) return undefined;
    const block = Math.floor(index / BLOCK);
    const slot = index % BLOCK;
    const chunk = this.#chunks[(this.#chunkOf[block] as Uint32Array)[slot] as number] as Buffer;
    const offset = (this.#offsetOf[block] as Uint32Array)[slot] as number;
    return chunk.toString('utf8', offset, offset + ((this.#lengthOf[block] as Uint32Array)[slot] as number));
  }

  /** Lets the memory go. */
  release(): void {
    this.#chunks.length = 0;
    this.#chunkOf.length = 0;
    this.#offsetOf.length = 0;
    this.#lengthOf.length = 0;
    this.#size = 0;
  }
}
