import { parse } from 'csv-parse';
import { InputError } from '../errors.js';
import { own } from '../../util/own.js';

/** Longest row read: far more than any record the service takes, and a bound on memory. */
const MAX_ROW_CHARACTERS = 4 * 1024 * 1024;

/** One line of a spreadsheet: its row number as the spreadsheet shows it (header = 1) and its cells. */
export interface CsvRow {
  row: number;
  cells: string[];
  /** A workbook's columns (from 0) whose formula was saved without its result: no value to read. */
  formulas?: number[];
}

const DELIMITERS: Record<string, string> = {
  ',': ',',
  comma: ',',
  ';': ';',
  semicolon: ';',
  tab: '\t',
  '\\t': '\t',
  '\t': '\t',
};

/** The delimiter `--delimiter` names. */
export function delimiterFlag(flag: string): string {
  const delimiter = own(DELIMITERS, flag.toLowerCase());
  if (!delimiter) throw new InputError(`--delimiter must be ",", ";" or "tab", not "${flag}"`);
  return delimiter;
}

/** Guesses the delimiter from the header line: the most frequent of comma, semicolon and tab. */
export function guessDelimiter(headerLine: string): string {
  const counts = [',', ';', '\t'].map(
    (candidate) => [candidate, headerLine.split(candidate).length - 1] as const,
  );
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

/**
 * Reads CSV text into rows numbered as a spreadsheet numbers them: every record is one row, blank rows
 * included (they are skipped but counted), and a quoted cell may hold line breaks.
 */
export async function* readCsvRows(
  text: NodeJS.ReadableStream,
  delimiter: string,
  label: string,
): AsyncGenerator<CsvRow> {
  const parser = text.pipe(
    parse({
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      // Quotes inside an unquoted cell are text, as spreadsheet programs read them (`="0101234"`, `5" 모니터`).
      relax_quotes: true,
      max_record_size: MAX_ROW_CHARACTERS,
    }),
  );
  // `pipe` does not pass errors on; reading errors (a vanished file) end the rows too.
  text.on('error', (error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row += 1;
      if (cells.every((cell) => cell.trim() === '')) continue;
      yield { row, cells };
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    const where = (error as { lines?: number }).lines;
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') {
      throw new InputError(
        `${label}: row ${(where ?? 0) + 1} is over ${MAX_ROW_CHARACTERS / (1024 * 1024)} MB; is a quote left open?`,
      );
    }
    throw new InputError(
      `${label} is not valid CSV${where ? ` (near line ${where})` : ''}: ${(error as Error).message.replace(/^Invalid [^:]*: /, '')}`,
    );
  }
}
