import type { Outcome } from '../contract/kinds.js';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { UploadSession, type StoredSession } from './session.js';
import { errorCode } from '../util/file-errors.js';
import { makeFolder } from '../util/make-folder.js';
import { writeWhole } from '../util/write-whole.js';

/** How long an upload's folder (its results, rejects, and its file while it is not done) is kept. */
export const KEEP_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * The uploads people brought to the page, each in its private folder under `root` (mode 0700, files
 * 0600), kept on disk so that their pages, results, rejects and reports outlive `intake ui` and the
 * machine's restarts. A folder is kept `keepDays` after its last change, then removed; a person can
 * remove one sooner. The file itself is removed as soon as its upload is done (every record taken).
 */
export class SessionStore {
  readonly root: string;
  readonly keepDays: number;
  readonly #sessions = new Map<string, UploadSession>();
  #removed: string | undefined;
  readonly #now: () => number;
  /** Writes of each session's file, one after another. */
  readonly #writes = new Map<string, Promise<void>>();

  constructor(root: string, options: { keepDays?: number; now?: () => number } = {}) {
    this.root = root;
    this.keepDays = options.keepDays ?? KEEP_DAYS;
    this.#now = options.now ?? Date.now;
  }

  /** Makes the root folder, removes folders older than `keepDays`, and reads back the others. */
  async prepare(): Promise<void> {
    makeFolder(this.root);
    const now = this.#now();
    for (const name of await readdir(this.root)) {
      const dir = join(this.root, name);
      const info = await stat(join(dir, 'session.json')).catch(() => stat(dir).catch(() => undefined));
      if (!info) continue;
      if (now - info.mtimeMs > this.keepDays * DAY_MS) {
        await rm(dir, { recursive: true, force: true });
        continue;
      }
      const stored = await readFile(join(dir, 'session.json'), 'utf8')
        .then((text) => JSON.parse(text) as StoredSession)
        .catch(() => undefined);
      // A folder without a readable record is one whose file never got as far as a check.
      if (!stored?.id || !stored.original) {
        await rm(dir, { recursive: true, force: true });
        continue;
      }
      this.#sessions.set(stored.id, UploadSession.fromStored(dir, stored));
    }
  }

  /** When a session's folder goes, if nothing changes it before. */
  expiresAt(session: UploadSession): number {
    const last = session.send?.endedAt ?? session.check?.at ?? session.createdAt;
    return last + this.keepDays * DAY_MS;
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

  /** The uploads, newest first. */
  recent(limit = 10): UploadSession[] {
    return this.all()
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit);
  }

  all(): UploadSession[] {
    return [...this.#sessions.values()];
  }

  /**
   * Keeps a session's record on disk, never half written. A record that cannot be written (a full disk)
   * is said on its page (`unsaved`), never an error of the page.
   */
  save(session: UploadSession): Promise<void> {
    const previous = this.#writes.get(session.id) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (!this.#sessions.has(session.id)) return;
      const path = join(session.dir, 'session.json');
      try {
        await writeWhole(path, (beside) =>
          writeFile(beside, JSON.stringify(session.stored()), { mode: 0o600 }),
        );
        session.unsaved = undefined;
      } catch (error) {
        // Not kept (a full disk): the upload goes on in memory, and its page says what is at stake.
        session.unsaved = errorCode(error);
      }
    });
    const settled = next.catch(() => {});
    this.#writes.set(session.id, settled);
    return next;
  }

  /**
   * Removes the page's copies of the files a person brought (and its fixed copy) once its upload is
   * done: nothing left to send, correct or resume. The results, rejects and report stay. A person's
   * own file (an upload of the terminal resumed from History) is theirs, never removed.
   */
  async removeFileIfDone(session: UploadSession): Promise<void> {
    const send = session.send;
    if (!send || send.state !== 'finished' || session.fileRemoved) return;
    const counts = (send.summary ?? {}) as Record<string, unknown>;
    const left = (['changed', 'failed', 'not_sent'] satisfies Outcome[]).some(
      (key) => Number(counts[key] ?? 0) > 0,
    );
    if (left) return;
    const own = [session.original.path, session.current.path, session.options.products].filter(
      (path): path is string => path !== undefined && this.holds(path),
    );
    if (own.length === 0) return;
    for (const path of new Set(own)) await rm(path, { force: true });
    session.fileRemoved = true;
  }

  /** Whether a file is one of the page's own (in an upload's private folder), not a person's. */
  holds(path: string): boolean {
    const inRoot = relative(this.root, path);
    return inRoot !== '' && !inRoot.startsWith('..') && !isAbsolute(inRoot);
  }

  /** Forgets an upload and removes its folder. */
  async discard(session: UploadSession): Promise<void> {
    this.#sessions.delete(session.id);
    await this.#writes.get(session.id);
    await rm(session.dir, { recursive: true, force: true });
    this.#removed = session.label;
  }

  /** The name of the upload removed last, once: the History page it lands on says it is gone. */
  takeRemoved(): string | undefined {
    const removed = this.#removed;
    this.#removed = undefined;
    return removed;
  }

  /** At the end of `intake ui`: every session's record is on disk. */
  async close(): Promise<void> {
    await Promise.all(this.all().map((session) => this.save(session).catch(() => {})));
  }
}
