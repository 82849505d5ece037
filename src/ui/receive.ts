import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';

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

/** The extensions kept on the saved copy (what the upload reads the format from); others are read by content. */
const KEPT_EXTENSIONS = new Set(['.xlsx', '.xlsm', '.csv', '.tsv', '.txt', '.json', '.ndjson', '.jsonl']);

/**
 * The files a form may bring, by field, and the name each is saved under in the private folder: fixed
 * names, whatever a part calls itself (a field name or file name is never part of a path).
 */
const FILE_FIELDS: Readonly<Record<string, string>> = { file: 'input', catalog: 'catalog' };

const savedName = (field: string, name: string) => {
  const extension = extname(name).toLowerCase();
  return `${FILE_FIELDS[field]}${KEPT_EXTENSIONS.has(extension) ? extension : ''}`;
};

/**
 * Reads a multipart form, streaming each file to a private file (mode 0600) in `dir`, never whole in
 * memory. A file over `limit` bytes is not kept: the rest of the request is read and dropped, the
 * files already saved are removed, and `FileTooLarge` says its size.
 */
export async function receiveForm(
  request: FastifyRequest,
  dir: string,
  limit: number,
): Promise<ReceivedForm> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: ReceivedFile[] = [];
  let tooLarge: FileTooLarge | undefined;
  // The plugin is registered with `throwFileSizeLimit: false`: a file over the limit is cut, and said here.
  const parts = request.parts({ limits: { fileSize: limit, files: 4, fields: 50, fieldSize: 64 * 1024 } });
  // What the form's reading throws is the form's (a 400); what writing its files throws is ours.
  const reading = parts[Symbol.asyncIterator]();
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
    // A file input left empty still sends a part, with no name and no bytes; a part of no field of
    // ours is read and dropped.
    const name = part.filename.split(/[\\/]/).pop() ?? '';
    if (name === '' || tooLarge || !Object.hasOwn(FILE_FIELDS, part.fieldname)) {
      part.file.resume();
      continue;
    }
    const path = join(dir, savedName(part.fieldname, name));
    let size = 0;
    part.file.on('data', (chunk: Buffer) => (size += chunk.length));
    try {
      await pipeline(part.file, createWriteStream(path, { mode: 0o600, flags: 'w' }));
    } catch (error) {
      await rm(path, { force: true });
      // The file's part broke off (the form's), or its copy could not be written (ours).
      throw part.file.errored === error ? new FormUnreadable({ cause: error }) : error;
    }
    if (part.file.truncated) {
      await rm(path, { force: true });
      const declared = Number(request.headers['content-length']);
      tooLarge = new FileTooLarge(
        name,
        Number.isFinite(declared) && declared > size ? declared : size,
        limit,
      );
      continue;
    }
    files.push({ field: part.fieldname, name, path, size });
  }
  if (tooLarge) {
    await Promise.all(files.map((file) => rm(file.path, { force: true })));
    throw tooLarge;
  }
  return { fields, files };
}
