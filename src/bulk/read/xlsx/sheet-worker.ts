import { parentPort, workerData } from 'node:worker_threads';
import { UploadError, type ErrorSaid } from '../../errors.js';
import { copySheet, type SheetReason } from './sheet.js';
import type { WorkbookBytes } from './workbook.js';

/** What the upload asks of the worker, and what the worker answers (see `apart.ts`). */
export interface SheetJob {
  book: WorkbookBytes;
  label: string;
  sheet: string | undefined;
  path: string;
}

export type SheetMessage =
  | { type: 'progress'; rows: number }
  | { type: 'done'; name: string; reason: SheetReason; rows: number }
  | { type: 'error'; input: boolean; message: string; hints: string[]; said?: ErrorSaid };

const job = workerData as SheetJob;
const post = (message: SheetMessage) => parentPort?.postMessage(message);
try {
  const copy = await copySheet(job.book, job.label, job.sheet, job.path, (rows) =>
    post({ type: 'progress', rows }),
  );
  post({ type: 'done', ...copy });
} catch (error) {
  post({
    type: 'error',
    input: error instanceof UploadError,
    message: error instanceof Error ? error.message : String(error),
    hints: error instanceof UploadError ? [...error.hints] : [],
    ...(error instanceof UploadError && error.said ? { said: error.said } : {}),
  });
}
