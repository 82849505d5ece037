import type { InputFormat } from './read/source.js';

/**
 * An upload's options with no flag given (a send that resumes, nothing updated or all-or-nothing), with
 * `extra` over them: what a front end without a command line, or a command that sends a file it made,
 * starts from.
 */
export const plainOptions = (extra: Partial<UploadOptions> = {}): UploadOptions => ({
  passwordStdin: false,
  dryRun: false,
  allOrNothing: false,
  resume: true,
  update: false,
  followUp: [],
  ...extra,
});

/** Options of a file upload, checked, as the create commands pass them on. */
export interface UploadOptions {
  format?: InputFormat;
  encoding?: string;
  delimiter?: string;
  columns?: string;
  /** A marketplace preset (`--preset`): how its export's headers map to our columns. */
  preset?: string;
  /** A workbook's sheet, by name or position from 1 (`--sheet`). */
  sheet?: string;
  /** The row the header is on (`--header-row`), when it is not to be looked for. */
  headerRow?: number;
  /** Read a workbook's password from standard input (`--password-stdin`). */
  passwordStdin: boolean;
  /** A product catalog (`--products`): names and images for order lines that lack them. */
  products?: string;
  dryRun: boolean;
  allOrNothing: boolean;
  /** Requests at once; absent, the upload finds the service's limit by itself. */
  concurrency?: number;
  rate?: number;
  /** Where the report goes: a file, or `-` for standard output. */
  report?: string;
  /** Consult the ledger (false with `--no-resume`). */
  resume: boolean;
  /** Send the PATCH the service allows for records it took earlier with other content. */
  update: boolean;
  /**
   * The options a follow-up upload of the rejects file needs too, as words of a command line (the sheet
   * is added by name once it is known).
   */
  followUp: string[];
  /** A carriers file (`--carriers`), for shipments. */
  carriers?: string;
  /**
   * The input is one record (given by flags, or one JSON object): no rejects file, its problems said
   * without a position (with the flag that gave each field), and its line shown instead of counts.
   */
  single?: { flags?: Record<string, string> };
}
