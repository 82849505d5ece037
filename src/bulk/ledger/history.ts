import type { LedgerFile, TargetRef } from './file.js';
import { toUpload, type RecordKind, type UploadRow, type UploadEntry, type UploadState } from './schema.js';

/** What an upload was: its kind, what it read, and the options to run it again with. */
export interface UploadStart {
  kind: RecordKind;
  input: string;
  path: string | null;
  options: Record<string, unknown>;
}

/**
 * The uploads themselves, per service and credentials: each one's input, options, when it began and how
 * it ended with its summary (the history a front end shows); and the files uploads wrote, as written, to
 * tell when a person has edited one.
 */
export class UploadHistory {
  readonly #file: LedgerFile;
  readonly #target: TargetRef;
  readonly #now: () => number;
  readonly #statements;

  constructor(file: LedgerFile, target: TargetRef, now: () => number) {
    this.#file = file;
    this.#target = target;
    this.#now = now;
    const { db } = file;
    this.#statements = {
      start: db.prepare<[number, string, string, string | null, string, number]>(
        `INSERT INTO uploads (target_id, kind, input, path, options, started_at, state)
         VALUES (?, ?, ?, ?, ?, ?, 'running')`,
      ),
      end: db.prepare<[number, string, string, number]>(
        'UPDATE uploads SET ended_at = ?, state = ?, summary = ? WHERE id = ?',
      ),
      uploads: db.prepare<[number, number], UploadRow>(
        'SELECT * FROM uploads WHERE target_id = ? ORDER BY started_at DESC, id DESC LIMIT ?',
      ),
      upload: db.prepare<[number, number], UploadRow>('SELECT * FROM uploads WHERE target_id = ? AND id = ?'),
      writtenFile: db.prepare<[string], { size: number; mtime_ms: number }>(
        'SELECT size, mtime_ms FROM written_files WHERE path = ?',
      ),
      noteFile: db.prepare<[string, number, number]>(
        'INSERT OR REPLACE INTO written_files (path, size, mtime_ms) VALUES (?, ?, ?)',
      ),
    };
  }

  /** Notes an upload as begun (committed at once), and returns its number. */
  start(upload: UploadStart): number {
    const { kind, input, path, options } = upload;
    return this.#file.reading(() =>
      Number(
        this.#statements.start.run(this.#target.id, kind, input, path, JSON.stringify(options), this.#now())
          .lastInsertRowid,
      ),
    );
  }

  /** Notes how an upload ended, with its summary. */
  end(id: number, state: Exclude<UploadState, 'running'>, summary: Record<string, unknown>): void {
    this.#file.reading(() => this.#statements.end.run(this.#now(), state, JSON.stringify(summary), id));
  }

  /** The uploads to the chosen target, newest first. */
  list(limit = 50): UploadEntry[] {
    return this.#file.reading(() => this.#statements.uploads.all(this.#target.id, limit).map(toUpload));
  }

  get(id: number): UploadEntry | undefined {
    const row = this.#file.reading(() => this.#statements.upload.get(this.#target.id, id));
    return row ? toUpload(row) : undefined;
  }

  /** What the ledger noted of a file an upload wrote: its size and time, to tell whether it was edited. */
  writtenFile(path: string): { size: number; mtimeMs: number } | undefined {
    const row = this.#file.reading(() => this.#statements.writtenFile.get(path));
    return row ? { size: row.size, mtimeMs: row.mtime_ms } : undefined;
  }

  noteWrittenFile(path: string, size: number, mtimeMs: number): void {
    this.#statements.noteFile.run(path, size, mtimeMs);
  }
}
