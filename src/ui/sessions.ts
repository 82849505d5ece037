import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadSession } from './session.js';

/** How long the folder of an upload that did not finish is kept for resuming it, when `intake ui` is not running. */
const KEPT_DAYS = 7;

/**
 * The uploads people brought to the page while `intake ui` runs, and their private folders under
 * `root` (mode 0700, files 0600). A folder is removed when its upload is done; one whose upload stopped
 * or failed is kept so that it can be resumed from the history, for a week.
 */
export class SessionStore {
  readonly root: string;
  readonly #sessions = new Map<string, UploadSession>();

  constructor(root: string) {
    this.root = root;
  }

  /** Makes the root folder, and removes folders left over from runs more than a week ago. */
  async prepare(now = Date.now()): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    for (const name of await readdir(this.root)) {
      const path = join(this.root, name);
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > KEPT_DAYS * 86_400_000)
        await rm(path, { recursive: true, force: true });
    }
  }

  /** A new private folder for a file. */
  newFolder(): Promise<string> {
    return mkdtemp(join(this.root, 'upload-'));
  }

  add(session: UploadSession): UploadSession {
    this.#sessions.set(session.id, session);
    return session;
  }

  get(id: string): UploadSession | undefined {
    return this.#sessions.get(id);
  }

  /** The uploads of this run, newest first. */
  recent(limit = 10): UploadSession[] {
    return [...this.#sessions.values()].reverse().slice(0, limit);
  }

  all(): UploadSession[] {
    return [...this.#sessions.values()];
  }

  /** Forgets an upload, removing its folder (when it is the UI's own). */
  async discard(session: UploadSession): Promise<void> {
    this.#sessions.delete(session.id);
    if (session.owned) await rm(session.dir, { recursive: true, force: true });
  }

  /** At the end of `intake ui`: removes every folder but those of uploads to resume. */
  async close(): Promise<void> {
    await Promise.all(
      this.all()
        .filter((session) => session.send?.state !== 'stopped' && session.send?.state !== 'failed')
        .map((session) => this.discard(session)),
    );
  }
}
