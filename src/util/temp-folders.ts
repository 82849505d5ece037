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

/**
 * Removes every folder still there, at once: for a process about to end on a signal, whose `finally`
 * blocks will not run. Best effort: a folder that cannot be removed is left.
 */
export function removeTempFoldersNow(): void {
  for (const folder of live) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // left for the system's clean-up of its temporary folder
    }
  }
  live.clear();
}
