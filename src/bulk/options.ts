import type { InputFormat } from './source.js';

/** Options of a file upload, checked, as the create commands pass them on. */
export interface UploadOptions {
  format?: InputFormat;
  encoding?: string;
  delimiter?: string;
  columns?: string;
  dryRun: boolean;
  allOrNothing: boolean;
  concurrency: number;
  rate?: number;
  report?: string;
  /** Consult the ledger (false with `--no-resume`). */
  resume: boolean;
  /** Send the PATCH the service allows for records it took earlier with other content. */
  update: boolean;
  /** The options a follow-up upload of the rejects file needs too, as words of a command line. */
  followUp: string[];
  /** A carriers file (`--carriers`), for shipments. */
  carriers?: string;
}
