import { once } from 'node:events';
import { rm, type FileHandle } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { fileErrorReason } from '../../util/file-errors.js';
import { openForWriting } from '../../util/file-mode.js';
import { UploadError } from '../errors.js';

const FLUSH_AT = 64 * 1024;

/**
 * A file an upload writes (its report, its rejects), buffered, whose every failure names the file and
 * the cause. It is created and its first bytes written before anything is sent, so a path that cannot be
 * written (a folder that does not exist, a full disk) stops the upload before the first request.
 */
/** Where an output file's bytes go: a file, or standard output. */
type Sink = Pick<FileHandle, 'write' | 'close'>;

export class OutputFile {
  readonly path: string;
  readonly #handle: Sink;
  readonly #what: string;
  /** The iconv-lite name of the file's encoding; UTF-8 unless said. */
  readonly #encoding: string;
  #buffer: string[] = [];
  #buffered = 0;
  #closed = false;

  private constructor(path: string, handle: Sink, what: string, encoding: string) {
    this.path = path;
    this.#handle = handle;
    this.#what = what;
    this.#encoding = encoding;
  }

  /**
   * Creates the file and writes `head` through to it. A failure is a usage error (exit 2) when the user
   * named the path, since they can give another, and a failure (exit 1) otherwise.
   */
  static async create(
    path: string,
    head: string,
    options: { what: string; userGiven: boolean; encoding?: string; mode?: number | undefined },
  ): Promise<OutputFile> {
    let handle: FileHandle | undefined;
    const encoding = options.encoding ?? 'utf8';
    try {
      handle = await openForWriting(path, options.mode);
      if (head !== '') await handle.write(OutputFile.#bytes(head, encoding));
      return new OutputFile(path, handle, options.what, encoding);
    } catch (error) {
      await handle?.close().catch(() => {});
      const message = `cannot write the ${options.what} ${path}: ${fileErrorReason(error)}`;
      throw new UploadError(options.userGiven ? 'output' : 'write', message);
    }
  }

  /** Standard output as an output file (`--report -`), named `-`; closing leaves it open. */
  static async toStream(stream: NodeJS.WritableStream, head: string, what: string): Promise<OutputFile> {
    const sink = {
      write: async (data: Buffer) => {
        if (!stream.write(data)) await once(stream, 'drain');
      },
      close: async () => {},
    } as unknown as Sink;
    if (head !== '') await sink.write(Buffer.from(head));
    return new OutputFile('-', sink, what, 'utf8');
  }

  static #bytes(text: string, encoding: string): Buffer {
    return encoding === 'utf8' ? Buffer.from(text, 'utf8') : iconv.encode(text, encoding);
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
      await this.#handle.write(OutputFile.#bytes(text, this.#encoding));
    } catch (error) {
      throw new UploadError(
        'write',
        `cannot write the ${this.#what} ${this.path}: ${fileErrorReason(error)}`,
      );
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
