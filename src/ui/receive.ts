import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { bytes } from '../util/bytes.js';
import { errorCode } from '../util/file-errors.js';
import type { SessionError } from './session.js';

/** A file that came with a form, as it was saved. */
export interface ReceivedFile {
  field: string;
  /** Its name on the person's computer (no folders). */
  name: string;
  path: string;
  size: number;
}

/** A form with files: its fields and the files saved. */
export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

/** A file over the size taken: its name and (about) how large it was. */
export class FileTooLarge extends Error {
  constructor(
    readonly fileName: string,
    readonly size: number,
    readonly limit: number,
  ) {
    super(`${fileName} is over the size taken`);
    this.name = 'FileTooLarge';
  }
}

/** A form that cannot be read as one (no boundary, cut short, a broken part): the browser's, a 400. */
export class FormUnreadable extends Error {
  readonly statusCode = 400;
  constructor(options: { cause: unknown }) {
    super('the form could not be read', options);
    this.name = 'FormUnreadable';
  }
}

/**
 * A file of a form that could not be kept in the page's folder (a full disk, a folder that cannot be
 * written): the form was read to its end and nothing of it kept; `cause` is the system's error.
 */
export class FileNotKept extends Error {
  constructor(options: { cause: unknown }) {
    super(
      `the file could not be kept: ${(options.cause as Error | undefined)?.message ?? 'unknown'}`,
      options,
    );
    this.name = 'FileNotKept';
  }

  /** The system's word for it (`EACCES`), or its message. */
  get reason(): string {
    return errorCode(this.cause);
  }
}

/** A refused file of a form as an upload's error: its words come in the page's language (`errorWords`). */
export interface ReceiveRefusal extends SessionError {
  said: { code: 'too_large' | 'not_kept'; values: Record<string, string> };
}

/** The error a form's refused file is said by (too large, not kept), or undefined for any other error. */
export function receiveRefusal(error: unknown): ReceiveRefusal | undefined {
  if (error instanceof FileTooLarge) {
    const values = { file: error.fileName, size: bytes(error.size), max: bytes(error.limit) };
    return { code: 'too_large', message: error.message, hints: [], said: { code: 'too_large', values } };
  }
  if (error instanceof FileNotKept) {
    const values = { reason: error.reason };
    return { code: 'not_kept', message: error.message, hints: [], said: { code: 'not_kept', values } };
  }
  return undefined;
}

/** The extensions kept on the saved copy (what the upload reads the format from); others are read by content. */
const KEPT_EXTENSIONS = new Set(['.xlsx', '.xlsm', '.csv', '.tsv', '.txt', '.json', '.ndjson', '.jsonl']);

/**
 * The files a form may bring, by field, and the name each is saved under in the private folder: fixed
 * names, whatever a part calls itself (a field name or file name is never part of a path).
 */
const FILE_FIELDS = { file: 'input', catalog: 'catalog' } as const;

/** A field of a form that brings a file. */
export type FileField = keyof typeof FILE_FIELDS;

const savedName = (field: FileField, name: string) => {
  const extension = extname(name).toLowerCase();
  return `${FILE_FIELDS[field]}${KEPT_EXTENSIONS.has(extension) ? extension : ''}`;
};

/**
 * Where a file is written while it comes: beside its name, a name of its own (two forms posted at once
 * never write one file), put in place once the whole form is in.
 */
const receiving = (path: string) => `${path}.${randomBytes(6).toString('hex')}.receiving`;

/**
 * Reads a multipart form, streaming each file of the fields `takes` to a private file (mode 0600) in
 * `dir`, never whole in memory; a file of another field, or a second file of one, is read and dropped
 * (a form posted to add a product list never replaces the upload's own file). The files are put in
 * place only once the whole form is in, so a form that breaks off, or brings a file over `limit` bytes,
 * leaves the folder as it was. A file over the limit is not kept: the rest of the request is read and
 * dropped, and `FileTooLarge` says its size.
 */
export async function receiveForm(
  request: FastifyRequest,
  dir: string,
  limit: number,
  takes: readonly FileField[],
): Promise<ReceivedForm> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: (ReceivedFile & { writing: string })[] = [];
  const written: string[] = [];
  let tooLarge: FileTooLarge | undefined;
  let notKept: FileNotKept | undefined;
  // The plugin is registered with `throwFileSizeLimit: false`: a file over the limit is cut, and said here.
  const parts = request.parts({ limits: { fileSize: limit, files: 4, fields: 50, fieldSize: 64 * 1024 } });
  // What the form's reading throws is the form's (a 400); what writing its files throws is ours.
  const reading = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof reading.next>>;
      try {
        next = await reading.next();
      } catch (error) {
        throw new FormUnreadable({ cause: error });
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      // A file input left empty still sends a part, with no name and no bytes.
      const name = part.filename.split(/[\\/]/).pop() ?? '';
      const field = takes.find((taken) => taken === part.fieldname);
      const skip = tooLarge ?? notKept;
      if (name === '' || skip || field === undefined || files.some((file) => file.field === field)) {
        part.file.resume();
        continue;
      }
      const path = join(dir, savedName(field, name));
      const writing = receiving(path);
      written.push(writing);
      const saved = await saveFile(part.file, writing);
      if ('notKept' in saved) {
        // Said once the form is read to its end: the browser is answered, not cut off.
        notKept = new FileNotKept({ cause: saved.notKept });
        continue;
      }
      const size = saved.size;
      if (part.file.truncated) {
        const declared = Number(request.headers['content-length']);
        tooLarge = new FileTooLarge(
          name,
          Number.isFinite(declared) && declared > size ? declared : size,
          limit,
        );
        continue;
      }
      files.push({ field, name, path, size, writing });
    }
    if (tooLarge) throw tooLarge;
    if (notKept) throw notKept;
    for (const file of files) await rename(file.writing, file.path);
    return { fields, files: files.map(({ writing: _, ...file }) => file) };
  } finally {
    await Promise.all(written.map((path) => rm(path, { force: true })));
  }
}

/**
 * Streams a file's part to `path`: its size, or why the copy could not be written (a full disk), the
 * rest of the part then read and dropped so that the form goes on. A part that breaks off is the
 * form's (`FormUnreadable`).
 */
async function saveFile(
  file: NodeJS.ReadableStream,
  path: string,
): Promise<{ size: number } | { notKept: unknown }> {
  let size = 0;
  const out = createWriteStream(path, { mode: 0o600, flags: 'w' });
  file.on('data', (chunk: Buffer) => (size += chunk.length));
  out.once('error', () => {
    file.unpipe(out);
    file.resume();
  });
  file.pipe(out);
  try {
    await finished(file);
  } catch (error) {
    out.destroy();
    throw new FormUnreadable({ cause: error });
  }
  try {
    await finished(out);
  } catch (error) {
    return { notKept: error };
  }
  return { size };
}
