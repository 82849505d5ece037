import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CliError, EXIT, UsageError } from '../../cli/errors.js';
import { copySheet, type SheetCopy } from './sheet.js';
import type { SheetJob, SheetMessage } from './sheet-worker.js';

/** The worker's module, built next to this one (`dist/`); running from the sources, there is none. */
const WORKER = new URL('./sheet-worker.js', import.meta.url);

/**
 * Copies a sheet out of its workbook on a worker thread. Reading a large workbook makes a lot of garbage
 * (unzipping, XML); on a thread of its own, that heap is given back whole when the thread ends, instead
 * of staying with the upload that follows. Without a built worker (tests run the sources), the sheet is
 * copied here.
 */
export function copySheetApart(job: SheetJob, progress?: (rows: number) => void): Promise<SheetCopy> {
  if (!existsSync(fileURLToPath(WORKER))) {
    return copySheet(job.book, job.label, job.sheet, job.path, progress);
  }
  const transfer =
    'bytes' in job.book &&
    job.book.bytes.byteOffset === 0 &&
    job.book.bytes.byteLength === job.book.bytes.buffer.byteLength
      ? [job.book.bytes.buffer as ArrayBuffer]
      : [];
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: job, transferList: transfer });
    let settled = false;
    worker.on('message', (message: SheetMessage) => {
      if (message.type === 'progress') progress?.(message.rows);
      else if (message.type === 'done') {
        settled = true;
        resolve({ name: message.name, rows: message.rows });
      } else {
        settled = true;
        reject(
          message.usage
            ? new UsageError(message.message, message.hints)
            : new CliError(message.message, EXIT.failure),
        );
      }
    });
    worker.on('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled)
        reject(new CliError(`reading ${job.label} stopped unexpectedly (code ${code})`, EXIT.failure));
    });
  });
}
