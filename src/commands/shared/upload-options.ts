import type { Command } from 'commander';
import type { UploadOptions } from '../../bulk/options.js';

/** Adds the options of file uploads (format, encoding, checks, sending, reports) to a create command. */
export function addUploadOptions(command: Command): Command {
  return command
    .option('--format <format>', 'csv, json or ndjson (default: by extension, else by content)')
    .option('--encoding <name>', 'text encoding of the file: utf-8, cp949 or euc-kr (default: detected)')
    .option('--delimiter <char>', 'CSV delimiter: ",", ";" or "tab" (default: tab for .tsv, else ",")')
    .option(
      '--columns <mapping>',
      'map your CSV headers: "order_id=주문번호,recipient_name=수령인" or a JSON file',
    )
    .option('--dry-run', 'check every record and report; send nothing')
    .option('--all-or-nothing', 'send nothing if any record is invalid')
    .option('--concurrency <n>', 'requests in flight at once', '8')
    .option('--rate <n>', 'at most n requests per second')
    .option('--report <file>', 'write one line per record to this file (.csv or .json)')
    .option(
      '--update',
      'for records the service took earlier with other content, send the change it allows (PATCH)',
    )
    .option('--no-resume', 'send everything again, even what the ledger says an earlier run sent');
}

/** The options a follow-up upload of a run's rejects file needs too (the same columns, the same choices). */
export function followUpOptions(options: UploadOptions): string[] {
  return [
    ...(options.columns !== undefined ? ['--columns', options.columns] : []),
    ...(options.delimiter !== undefined ? ['--delimiter', options.delimiter] : []),
    ...(options.update ? ['--update'] : []),
  ];
}
