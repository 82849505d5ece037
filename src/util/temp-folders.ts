import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Private temporary folders that exist now, so that a run ended by a signal can still remove them. */
const live = new Set<string>();

/** Makes a private folder in the system's temporary folder (`prefix` then random characters). */
export async function makeTempFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  live.add(folder);
  return folder;
}

/** Removes a folder made by `makeTempFolder`, with everything in it. */
export async function removeTempFolder(folder: string): Promise<void> {
  // Still listed while it is being removed: a process that ends meanwhile removes it as it exits.
  await rm(folder, { recursive: true, force: true });
  live.delete(folder);
}

/** Files a run made that mean nothing if it ends now (a rejects file with no rejects in it yet). */
const provisional = new Set<string>();

/** Removes `path` if the process ends before `keepAtExit(path)`. */
export function removeAtExit(path: string): void {
  provisional.add(path);
}

/** `path` holds something now (or is gone): an early end leaves it. */
export function keepAtExit(path: string): void {
  provisional.delete(path);
}

/**
 * Removes every temporary folder and provisional file still there, at once: for a process ending early
 * (a signal, a closed pipe), whose `finally` blocks will not run. Best effort: what cannot be removed is
 * left.
 */
export function removeTemporariesNow(): void {
  for (const path of [...live, ...provisional]) {
    try {
      rmSync(path, { recursive: true, force: true });
    } catch {
      // left: a folder for the system's clean-up of its temporary folder
    }
  }
  live.clear();
  provisional.clear();
}
