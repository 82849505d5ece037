import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { fileIdOf } from '../../util/same-file.js';
import { basename, extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readJson } from '../../contract/json-text.js';
import { bytes } from '../../util/bytes.js';
import { InputError, UploadError } from '../errors.js';
import { fileHead } from '../../util/file-head.js';
import { refuseOtherFormats } from './sniff.js';
import { makeTempFolder, removeTempFolder } from '../../util/temp-folders.js';
import { readErrorReason } from '../../util/file-errors.js';

export type InputFormat = 'csv' | 'xlsx' | 'json' | 'ndjson';
export const INPUT_FORMATS: readonly InputFormat[] = ['csv', 'xlsx', 'json', 'ndjson'];

/** An input file. Standard input is first copied to a temporary file, so it can be read twice. */
export interface InputSource {
  path: string;
  /** How to name the input to people: the file name, or `stdin`. */
  label: string;
  /** True for standard input or a pipe, read once into a temporary file (no rejects file is written next to it). */
  fromStdin: boolean;
  size: number;
  /** Which file it is and how it was when opened: device, inode, size and modification time. */
  identity: string;
  cleanup(): Promise<void>;
}

/** The input is not the file that was checked any more: it was replaced, edited or removed since. */
export class InputChanged extends UploadError {
  constructor(message: string, hints: readonly string[] = []) {
    super('input_changed', message, hints);
    this.name = 'InputChanged';
  }
}

async function identityOf(path: string): Promise<string> {
  const info = await stat(path, { bigint: true });
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
}

/** Whether `path` names the input itself, whatever the spelling (a link, `./` or `..` in it). */
export async function namesTheInput(source: InputSource, path: string): Promise<boolean> {
  if (source.fromStdin || path === '-') return false;
  const id = await fileIdOf(path);
  return id !== undefined && source.identity.startsWith(`${id}:`);
}

/** Throws `InputChanged` unless the input is still the very file it was when opened. */
export async function assertUnchanged(source: InputSource, when: string): Promise<void> {
  let now: string | undefined;
  try {
    now = await identityOf(source.path);
  } catch {
    now = undefined;
  }
  if (now === source.identity) return;
  throw new InputChanged(
    `${source.label} ${now === undefined ? 'was removed' : 'changed'} ${when}; nothing more was sent`,
    [
      'Records sent before that are in the ledger: check the file again, then run the same command to send the rest.',
    ],
  );
}

/**
 * The largest input read (2 GB): more than a million rows of any layout. Larger is refused at once,
 * with its size, by the command line and the browser alike.
 */
export const MAX_INPUT_BYTES = 2 * 1024 ** 3;

/** The error for an input over `MAX_INPUT_BYTES` (or `limit`). */
export function inputTooLarge(label: string, size: number, limit = MAX_INPUT_BYTES): InputError {
  return new InputError(`${label} is ${bytes(size)}; at most ${bytes(limit)} is read`, [
    'Split it into smaller files (by date, or by marketplace) and upload each.',
  ]);
}

/** How an upload names its input when it is standard input, and when it is one record of the flags. */
export const STDIN_LABEL = 'stdin';
export const FLAGS_LABEL = 'the flags';

/** Where standard input comes from, when the input is `-`. */
export interface StandardInput {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** Opens `file` (or `-` for standard input): a missing or unreadable file is an input error. */
export async function openInput(io: StandardInput, file: string | undefined): Promise<InputSource> {
  if (file === undefined || file === '-') {
    if (file === undefined && io.stdin.isTTY) {
      throw new InputError('give a file to read, or - to read standard input');
    }
    return spool(io.stdin, STDIN_LABEL);
  }
  return openFile(file);
}

/**
 * Copies a stream that can be read only once (standard input, a pipe) to a temporary file, so that it
 * can be read twice; it is stopped as soon as it is too large, so it never fills the disk.
 */
async function spool(stream: NodeJS.ReadableStream, label: string): Promise<InputSource> {
  const dir = await makeTempFolder('intake-stdin-');
  const path = join(dir, 'stdin');
  try {
    let size = 0;
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<string | Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > MAX_INPUT_BYTES) throw inputTooLarge(label, size);
          yield chunk;
        }
      },
      createWriteStream(path),
    );
    return {
      path,
      label,
      fromStdin: true,
      size,
      identity: await identityOf(path),
      cleanup: () => removeTempFolder(dir),
    };
  } catch (error) {
    await removeTempFolder(dir);
    if (error instanceof InputError || label === STDIN_LABEL) throw error;
    throw new InputError(`cannot read ${label}: ${readErrorReason(error)}`);
  }
}

/**
 * Opens a file (not standard input): a missing or unreadable one is an input error. A named pipe (a
 * shell's `<(jq …)`, `/dev/stdin` from a pipe) is read once, as standard input is.
 */
export async function openFile(file: string): Promise<InputSource> {
  let size: number;
  try {
    const info = await stat(file);
    if (info.isFIFO()) return await spool(createReadStream(file), file);
    if (!info.isFile()) throw new InputError(`${file} is not a file`);
    size = info.size;
    if (size > MAX_INPUT_BYTES) throw inputTooLarge(basename(file), size);
    await (await open(file, 'r')).close();
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${file}: ${readErrorReason(error)}`);
  }
  return {
    path: file,
    label: basename(file),
    fromStdin: false,
    size,
    identity: await identityOf(file),
    cleanup: async () => {},
  };
}

/** A JSON object at most this large is read whole as a single record. */
const SINGLE_RECORD_MAX_BYTES = 16 * 1024 * 1024;

/** Where `line`/`column` of a character offset are, for messages about JSON files. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** What the input holds: one record (a JSON object, with its text), or many in a format. */
export type InputPlan =
  { mode: 'single'; record: unknown; text?: string } | { mode: 'bulk'; format: InputFormat };

const BY_EXTENSION: Record<string, InputFormat> = {
  '.csv': 'csv',
  '.tsv': 'csv',
  '.xlsx': 'xlsx',
  '.xlsm': 'xlsx',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
};

/** What a JSON value that is neither an object nor a list is, as its error names it. */
const scalarKind = (value: unknown): string => (value === null ? 'null' : typeof value);

/**
 * Why a JSON input that starts with neither `{` nor `[` has no records: it holds one plain value
 * (`null`, a number, a text), or it is not JSON at all.
 */
async function notRecords(source: InputSource, start: string): Promise<InputError> {
  if (source.size <= SINGLE_RECORD_MAX_BYTES) {
    const read = readJson((await readFile(source.path, 'utf8')).replace(/^\uFEFF/, ''));
    if (read.ok) {
      return new InputError(
        `${source.label} holds a JSON ${scalarKind(read.value)}, not an object or a list of them`,
      );
    }
  }
  return new InputError(`${source.label} is not JSON: it starts with "${start.slice(0, 20)}"`);
}

/** How much of an input's start decides its format when its name does not. */
const HEAD_BYTES = 4096;

/**
 * Whether an input of no known format is wholly one JSON null, boolean or number (what `jq` prints for
 * a path that is not there): said as such, not read as a CSV whose header is `null`. A lone text in
 * quotes stays a CSV's header.
 */
function plainJson(start: string, size: number): boolean {
  if (size > HEAD_BYTES) return false;
  const read = readJson(start);
  return read.ok && (read.value === null || ['boolean', 'number'].includes(typeof read.value));
}

/** The first bytes of a zip file (an .xlsx) and of an OLE compound file (an encrypted .xlsx, or .xls). */
const WORKBOOK_MAGIC = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0xd0, 0xcf, 0x11, 0xe0])];

/**
 * Decides how to read an input: by `--format`, else by extension (.csv/.tsv, .xlsx, .json,
 * .ndjson/.jsonl), else by content (a workbook by its first bytes). A JSON document that is one object
 * is a single record; an array, NDJSON, CSV or a workbook are many.
 */
export async function planInput(source: InputSource, format: InputFormat | undefined): Promise<InputPlan> {
  if (source.size === 0) {
    throw new InputError(`${source.label} is empty`, [], {
      said: { code: 'empty_file', values: { file: source.label } },
    });
  }
  await refuseOtherFormats(source.path, source.label);
  const chosen = format ?? BY_EXTENSION[extname(source.path).toLowerCase()];
  if (chosen === 'csv' || chosen === 'ndjson' || chosen === 'xlsx') return { mode: 'bulk', format: chosen };
  const first = await fileHead(source.path, 4);
  if (chosen === undefined && WORKBOOK_MAGIC.some((magic) => first.equals(magic))) {
    return { mode: 'bulk', format: 'xlsx' };
  }

  const start = (await fileHead(source.path, HEAD_BYTES))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start === '') {
    throw new InputError(`${source.label} is empty`, [], {
      said: { code: 'empty_file', values: { file: source.label } },
    });
  }
  if (start.startsWith('[')) return { mode: 'bulk', format: 'json' };
  if (!start.startsWith('{')) {
    if (chosen === 'json' || (chosen === undefined && plainJson(start, source.size))) {
      throw await notRecords(source, start);
    }
    return { mode: 'bulk', format: 'csv' };
  }
  if (source.size > SINGLE_RECORD_MAX_BYTES) return { mode: 'bulk', format: 'ndjson' };
  const text = (await readFile(source.path, 'utf8')).replace(/^\uFEFF/, '');
  const read = readJson(text);
  if (read.ok) return { mode: 'single', record: read.value, text };
  if (read.error === 'Extra data' && chosen !== 'json') return { mode: 'bulk', format: 'ndjson' };
  const { line, column } = lineAndColumn(text, read.offset);
  throw new InputError(`${source.label} is not valid JSON: ${read.error} at line ${line}, column ${column}`);
}
