import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { InputError } from '../errors.js';
import { own } from '../../util/own.js';

/** Encodings a spreadsheet export comes in, by the names `--encoding` takes. */
const ALIASES: Record<string, string> = {
  'utf-8': 'utf8',
  utf8: 'utf8',
  cp949: 'cp949',
  'euc-kr': 'cp949',
  euckr: 'cp949',
  'ks_c_5601-1987': 'cp949',
  'utf-16le': 'utf16le',
  'utf-16': 'utf16le',
  'utf-16be': 'utf16be',
};

export interface TextEncoding {
  /** The iconv-lite name. */
  name: string;
  /** How it was chosen, for the message that tells people. */
  how: 'flag' | 'bom' | 'detected';
}

const SAMPLE_BYTES = 64 * 1024;
const UTF32LE_BOM = Buffer.from([0xff, 0xfe, 0x00, 0x00]);
const UTF32BE_BOM = Buffer.from([0x00, 0x00, 0xfe, 0xff]);

/**
 * Decides how to read a file: `--encoding`, else a byte-order mark (UTF-8, UTF-16 or UTF-32), else
 * UTF-8 if the first stretch of non-ASCII text is valid UTF-8, else CP949 (what Korean Excel writes).
 */
export async function detectEncoding(path: string, flag: string | undefined): Promise<TextEncoding> {
  if (flag !== undefined) {
    const name = own(ALIASES, flag.toLowerCase());
    if (!name)
      throw new InputError(`--encoding must be one of utf-8, cp949, euc-kr, utf-16le, not "${flag}"`);
    return { name, how: 'flag' };
  }
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, position);
      if (bytesRead === 0) return { name: 'utf8', how: 'detected' };
      const chunk = buffer.subarray(0, bytesRead);
      if (position === 0) {
        if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) return { name: 'utf8', how: 'bom' };
        // UTF-32's marks first: UTF-32LE's begins with UTF-16LE's.
        if (chunk.subarray(0, 4).equals(UTF32LE_BOM)) return { name: 'utf32le', how: 'bom' };
        if (chunk.subarray(0, 4).equals(UTF32BE_BOM)) return { name: 'utf32be', how: 'bom' };
        if (chunk[0] === 0xff && chunk[1] === 0xfe) return { name: 'utf16le', how: 'bom' };
        if (chunk[0] === 0xfe && chunk[1] === 0xff) return { name: 'utf16be', how: 'bom' };
      }
      const firstHigh = chunk.findIndex((byte) => byte >= 0x80);
      if (firstHigh !== -1) {
        // Everything before is ASCII, so the first non-ASCII byte starts a character; `stream` lets the
        // sample end in the middle of one.
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(chunk.subarray(firstHigh), { stream: true });
          return { name: 'utf8', how: 'detected' };
        } catch {
          return { name: 'cp949', how: 'detected' };
        }
      }
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The file as a stream of text in its encoding (a byte-order mark is dropped). Chunks are small: every
 * record parsed from a chunk waits in memory until it is sent, and records that wait long are moved to
 * the old generation of the heap, which then grows.
 */
export function openText(path: string, encoding: TextEncoding): NodeJS.ReadableStream {
  const decoded = iconv.decodeStream(encoding.name) as NodeJS.ReadWriteStream & {
    destroy(error?: Error): void;
  };
  const file = createReadStream(path, { highWaterMark: 16 * 1024 });
  // `pipe` does not pass errors on: a file that vanishes or cannot be read ends the reading clearly.
  file.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'ENOENT' ? 'it was removed' : error.message;
    decoded.destroy(new InputError(`cannot read ${path}: ${reason}`));
  });
  return file.pipe(decoded);
}

/** A name people know for an iconv-lite encoding. */
export function encodingLabel(encoding: TextEncoding): string {
  return (
    {
      utf8: 'UTF-8',
      cp949: 'CP949 (EUC-KR)',
      utf16le: 'UTF-16LE',
      utf16be: 'UTF-16BE',
      utf32le: 'UTF-32LE',
      utf32be: 'UTF-32BE',
    }[encoding.name] ?? encoding.name
  );
}
