import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { InputError, UploadError } from '../../errors.js';
import { fileHead } from '../../../util/file-head.js';
import { officeCrypto } from './office-crypto.js';

/** The first bytes of a zip file (an .xlsx is one) and of an OLE compound file (an encrypted .xlsx, or .xls). */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Asks for a workbook's password when it needs one (from standard input, or a masked prompt). */
export type PasswordSource = (label: string) => Promise<string>;

/** A workbook ready to read: the file itself, or its decrypted bytes. */
export type WorkbookBytes = { path: string } | { bytes: Uint8Array };

/** The workbook as a stream of its bytes. */
export function workbookStream(book: WorkbookBytes): Readable {
  return 'path' in book
    ? createReadStream(book.path, { highWaterMark: 256 * 1024 })
    : Readable.from([Buffer.from(book.bytes.buffer, book.bytes.byteOffset, book.bytes.byteLength)]);
}

/**
 * Opens a workbook for reading. An .xlsx is streamed from the file. One protected by a password is an
 * encrypted container (ECMA-376): it is read whole, the password asked for, and decrypted in memory
 * with officecrypto-tool; a wrong password is a usage error. An old .xls workbook is not read: Excel
 * saves it as .xlsx or CSV.
 */
export async function openWorkbook(
  path: string,
  label: string,
  password: PasswordSource,
): Promise<WorkbookBytes> {
  const start = await fileHead(path, 8);
  if (start.subarray(0, 4).equals(ZIP_MAGIC)) return { path };
  if (!start.equals(CFB_MAGIC)) {
    throw new InputError(
      `${label} is not an Excel workbook (.xlsx): it is not a zip file`,
      ['Give an .xlsx workbook, or CSV with --format csv.'],
      { said: { code: 'not_xlsx', values: { file: label } } },
    );
  }
  const crypto = await officeCrypto();
  const bytes = await readFile(path);
  let encrypted: boolean;
  try {
    encrypted = crypto.isEncrypted(bytes);
  } catch {
    // The container's own structure does not read (a cut or damaged file): the library's words would
    // name its internals.
    throw damagedContainer(label);
  }
  if (!encrypted) {
    throw new InputError(`${label} is an Excel 97-2003 workbook (.xls), which intake does not read`, [
      'In Excel: File > Save As > Excel Workbook (.xlsx), or CSV UTF-8.',
    ]);
  }
  const secret = await password(label);
  let decrypted: Buffer;
  try {
    decrypted = await crypto.decrypt(bytes, { password: secret });
  } catch (error) {
    const message = (error as Error).message;
    if (/password is incorrect/i.test(message)) {
      throw new UploadError('password_wrong', `the password does not open ${label}`, [
        'Check the password (it is case-sensitive) and try again.',
      ]);
    }
    throw damagedContainer(label);
  }
  return { bytes: decrypted };
}

function damagedContainer(label: string): InputError {
  return new InputError(
    `${label} is damaged: it looks like a password-protected workbook, but its contents do not read`,
    ['Download or copy the file again; if it opens in Excel, save it again (with or without its password).'],
    { said: { code: 'damaged_file', values: { file: label } } },
  );
}
