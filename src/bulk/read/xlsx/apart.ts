import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../errors.js';
import { startWorker } from '../../../util/worker.js';
import { copySheet, type SheetCopy } from './sheet.js';
import type { SheetJob, SheetMessage } from './sheet-worker.js';

/** The worker's module, built next to this one (`dist/`); running from the sources, there is none. */
const WORKER = new URL('./sheet-worker.js', import.meta.url);

/** Below this size a workbook is read here: starting a thread would cost more than it saves. */
const SMALL_WORKBOOK_BYTES = 4 * 1024 * 1024;

function sizeOf(job: SheetJob): number {
  if ('bytes' in job.book) return job.book.bytes.byteLength;
  try {
    return statSync(job.book.path).size;
  } catch {
    return 0;
  }
}

/**
 * Copies a sheet out of its workbook, on a worker thread when the workbook is large. Reading a large
 * workbook makes a lot of garbage (inflating, XML); on a thread of its own, that heap is given back whole
 * when the thread ends, instead of staying with the upload that follows. Without a built worker (tests
 * run the sources), the sheet is copied here.
 */
export function copySheetApart(job: SheetJob, progress?: (rows: number) => void): Promise<SheetCopy> {
  if (sizeOf(job) < SMALL_WORKBOOK_BYTES || !existsSync(fileURLToPath(WORKER))) {
    return copySheet(job.book, job.label, job.sheet, job.path, progress);
  }
  const transfer =
    'bytes' in job.book &&
    job.book.bytes.byteOffset === 0 &&
    job.book.bytes.byteLength === job.book.bytes.buffer.byteLength
      ? [job.book.bytes.buffer as ArrayBuffer]
      : [];
  return new Promise((resolve, reject) => {
    const worker = startWorker(WORKER, { workerData: job, transferList: transfer });
    let settled = false;
    worker.on('message', (message: SheetMessage) => {
      if (message.type === 'progress') progress?.(message.rows);
      else if (message.type === 'done') {
        settled = true;
        resolve({ name: message.name, reason: message.reason, rows: message.rows });
      } else {
        settled = true;
        reject(
          message.input
            ? new InputError(message.message, message.hints, message.said ? { said: message.said } : {})
            : new Error(message.message),
        );
      }
    });
    worker.on('error', (error) => {
      if (!settled) reject(error);
      settled = true;
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`reading ${job.label} stopped unexpectedly (code ${code})`));
    });
  });
}
