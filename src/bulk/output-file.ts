import { open, rm, type FileHandle } from 'node:fs/promises';
import { CliError, EXIT, UsageError } from '../cli/errors.js';

const FLUSH_AT = 64 * 1024;

function reason(error: unknown): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'no such folder';
    case 'EISDIR':
      return 'it is a folder';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A file an upload writes (its report, its rejects), buffered, whose every failure names the file and
 * the cause. It is created and its first bytes written before anything is sent, so a path that cannot be
 * written (a folder that does not exist, a full disk) stops the upload before the first request.
 */
export class OutputFile {
  readonly path: string;
  readonly #handle: FileHandle;
  readonly #what: string;
  #buffer: string[] = [];
  #buffered = 0;
  #closed = false;

  private constructor(path: string, handle: FileHandle, what: string) {
    this.path = path;
    this.#handle = handle;
    this.#what = what;
  }

  /**
   * Creates the file and writes `head` through to it. A failure is a usage error (exit 2) when the user
   * named the path, since they can give another, and a failure (exit 1) otherwise.
   */
  static async create(
    path: string,
    head: string,
    options: { what: string; userGiven: boolean },
  ): Promise<OutputFile> {
    let handle: FileHandle | undefined;
    try {
      handle = await open(path, 'w');
      if (head !== '') await handle.write(head);
      return new OutputFile(path, handle, options.what);
    } catch (error) {
      await handle?.close().catch(() => {});
      const message = `cannot write the ${options.what} ${path}: ${reason(error)}`;
      throw options.userGiven ? new UsageError(message) : new CliError(message, EXIT.failure);
    }
  }

  async write(text: string): Promise<void> {
    this.#buffer.push(text);
    this.#buffered += text.length;
    if (this.#buffered >= FLUSH_AT) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#buffered === 0) return;
    const text = this.#buffer.join('');
    this.#buffer = [];
    this.#buffered = 0;
    try {
      await this.#handle.write(text);
    } catch (error) {
      throw new CliError(`cannot write the ${this.#what} ${this.path}: ${reason(error)}`, EXIT.failure);
    }
  }

  /** Writes what is buffered and closes the file; closing twice is harmless. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.flush();
    } finally {
      await this.#handle.close().catch(() => {});
    }
  }

  /** Closes and deletes the file (it turned out to have nothing worth keeping). */
  async remove(): Promise<void> {
    this.#buffer = [];
    this.#buffered = 0;
    await this.close();
    await rm(this.path, { force: true });
  }
}
