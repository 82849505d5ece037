import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';

/**
 * Writes a file through `write`, given a name of its own beside `path`, and puts it in place once
 * whole: a write that fails half-way, a kill while it runs, or two at once never leave a half-written
 * file under `path` (what was there stays until the new one is whole).
 */
export async function writeWhole(path: string, write: (beside: string) => Promise<void>): Promise<void> {
  const beside = `${path}.${randomBytes(6).toString('hex')}.writing`;
  try {
    await write(beside);
    await rename(beside, path);
  } catch (error) {
    await rm(beside, { force: true });
    throw error;
  }
}
