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
  /** Send the PATCH the service allows for records it took earlier with other content. */
  update?: boolean;
  /** The options a follow-up upload of the rejects file needs too, as words of a command line. */
  followUp?: string[];
}
