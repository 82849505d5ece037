import type { Command } from 'commander';
import { INPUT_FORMATS, type InputFormat, type UploadOptions } from '../../bulk/index.js';
import { UsageError } from '../../cli/errors.js';
import { positiveNumber, wholeNumber } from '../../cli/values.js';

/** The upload flags as commander gives them. */
export interface UploadFlags {
  format?: string;
  encoding?: string;
  delimiter?: string;
  columns?: string;
  preset?: string;
  sheet?: string;
  headerRow?: string;
  passwordStdin?: boolean;
  products?: string;
  carriers?: string;
  dryRun?: boolean;
  allOrNothing?: boolean;
  concurrency?: string;
  rate?: string;
  report?: string;
  update?: boolean;
  resume: boolean;
}

/** Adds the options of file uploads (format, encoding, checks, sending, reports) to a create command. */
export function addUploadOptions(command: Command): Command {
  return command
    .option('--format <format>', 'csv, xlsx, json or ndjson (default: by extension, else by content)')
    .option('--encoding <name>', 'text encoding of the file: utf-8, cp949 or euc-kr (default: detected)')
    .option('--delimiter <char>', 'CSV delimiter: ",", ";" or "tab" (default: tab for .tsv, else ",")')
    .option(
      '--columns <mapping>',
      'map your headers: "order_id=주문번호,recipient_name=수령인" or a JSON file',
    )
    .option('--preset <name>', 'read a marketplace export’s headers (intake columns list)')
    .option(
      '--sheet <name|n>',
      'the sheet of an .xlsx workbook to read, by name or among the visible tabs (default: the one it opens on)',
    )
    .option('--header-row <n>', 'the row the header is on (default: found among the first 30 rows)')
    .option('--password-stdin', 'read the password of a protected workbook from standard input')
    .option('--dry-run', 'check every record and report; send nothing')
    .option('--all-or-nothing', 'send nothing if any record is invalid')
    .option(
      '--concurrency <n>',
      "requests in flight at once (default: found by itself, from 8 up to the service's limit)",
    )
    .option('--rate <n>', 'at most n requests per second')
    .option('--report <file>', 'write one line per record to this file (.csv, .json or .xlsx; - for stdout)')
    .option(
      '--update',
      'for records the service took earlier with other content, send the change it allows (PATCH)',
    )
    .option('--no-resume', 'send everything again, even what the ledger says an earlier run sent');
}

/** Checks the upload flags: a wrong one is a usage error before any file is read. */
export function uploadOptions(flags: UploadFlags): UploadOptions {
  if (flags.format !== undefined && !(INPUT_FORMATS as readonly string[]).includes(flags.format)) {
    throw new UsageError(`--format must be one of ${INPUT_FORMATS.join(', ')}, not "${flags.format}"`);
  }
  const options: UploadOptions = {
    ...(flags.format !== undefined ? { format: flags.format as InputFormat } : {}),
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
    ...(flags.delimiter !== undefined ? { delimiter: flags.delimiter } : {}),
    ...(flags.columns !== undefined ? { columns: flags.columns } : {}),
    ...(flags.preset !== undefined ? { preset: flags.preset } : {}),
    ...(flags.sheet !== undefined ? { sheet: flags.sheet } : {}),
    ...(flags.headerRow !== undefined
      ? { headerRow: wholeNumber('--header-row', flags.headerRow, { min: 1, max: 30 }) }
      : {}),
    ...(flags.products !== undefined ? { products: flags.products } : {}),
    ...(flags.carriers !== undefined ? { carriers: flags.carriers } : {}),
    passwordStdin: flags.passwordStdin === true,
    ...(flags.report !== undefined ? { report: flags.report } : {}),
    ...(flags.rate !== undefined ? { rate: positiveNumber('--rate', flags.rate) } : {}),
    dryRun: flags.dryRun === true,
    allOrNothing: flags.allOrNothing === true,
    ...(flags.concurrency !== undefined
      ? { concurrency: wholeNumber('--concurrency', flags.concurrency, { min: 1, max: 256 }) }
      : {}),
    resume: flags.resume,
    update: flags.update === true,
    followUp: [],
  };
  // What reading the rejects file needs as well: it has the input's form, headers and encoding.
  options.followUp = [
    ...(options.format !== undefined ? ['--format', options.format] : []),
    ...(options.preset !== undefined ? ['--preset', options.preset] : []),
    ...(options.columns !== undefined ? ['--columns', options.columns] : []),
    ...(options.encoding !== undefined ? ['--encoding', options.encoding] : []),
    ...(options.delimiter !== undefined ? ['--delimiter', options.delimiter] : []),
    ...(options.products !== undefined ? ['--products', options.products] : []),
    ...(options.carriers !== undefined ? ['--carriers', options.carriers] : []),
    ...(options.update ? ['--update'] : []),
  ];
  return options;
}
