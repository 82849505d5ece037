import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileErrorReason } from '../../util/file-errors.js';
import { UploadError } from '../errors.js';

/**
 * Why `--report` cannot be written where it is named (no such folder, a file where a folder should
 * be, a folder of that name, a folder not writable), found before the input is read, so that a long
 * check is not spent on an upload that would stop for it; undefined when it can be tried. Opening the
 * report later still says what this cannot foresee (a full disk).
 */
async function unwritable(report: string): Promise<string | undefined> {
  const folder = dirname(resolve(report));
  try {
    if (!(await stat(folder)).isDirectory()) return fileErrorReason({ code: 'ENOTDIR' });
    await access(folder, constants.W_OK);
    const existing = await stat(report).catch(() => undefined);
    if (existing?.isDirectory()) return fileErrorReason({ code: 'EISDIR' });
    return undefined;
  } catch (error) {
    return fileErrorReason(error);
  }
}

/** Refuses a `--report` that cannot be written, as opening it would (a usage error: another can be named). */
export async function refuseUnwritableReport(report: string | undefined): Promise<void> {
  if (report === undefined || report === '-') return;
  const reason = await unwritable(report);
  if (reason !== undefined) throw new UploadError('output', `cannot write the report ${report}: ${reason}`);
}
