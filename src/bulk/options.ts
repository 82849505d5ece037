/** Options of a file upload, as the create commands take them. */
export interface UploadOptions {
  format?: string;
  encoding?: string;
  delimiter?: string;
  columns?: string;
  dryRun?: boolean;
  allOrNothing?: boolean;
  concurrency: string;
  rate?: string;
  report?: string;
  resume: boolean;
}
