import { statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** Read and write permissions only: what a file written from another may take of its mode. */
const READ_WRITE = 0o666;

/**
 * The permissions of `path` that a file holding its rows may have (its read and write bits), or
 * undefined when it cannot be told (no such file).
 */
export function permissionsOf(path: string): number | undefined {
  try {
    return statSync(path).mode & READ_WRITE;
  } catch {
    return undefined;
  }
}

/**
 * Opens `path` for writing (emptied), no more open than `mode` when given: a new file is created with
 * it (the umask still applies), and an existing one loses the bits `mode` lacks. So a buyer list's rows
 * to fix are never readable by more people than the buyer list itself, even where an earlier run left
 * a file of that name readable by all.
 */
export async function openForWriting(path: string, mode?: number): Promise<FileHandle> {
  const handle = await open(path, 'w', mode ?? READ_WRITE);
  if (mode === undefined) return handle;
  try {
    const now = (await handle.stat()).mode & 0o777;
    if ((now & ~mode) !== 0) await handle.chmod(now & mode).catch(keepIfNotOwner);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * A file another person owns (a colleague's, in a shared folder) can be written but not have its mode
 * changed: it is written as it is, as it was before, rather than the upload stopping over it.
 */
function keepIfNotOwner(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
}
