import type { Outcome } from '../../contract/kinds.js';
import type { Factory } from '../../cli/factory.js';
import { writeData, type Column } from '../../cli/output.js';

/** The result of one write, as printed and as a line of a bulk report. */
export interface WriteResult {
  id: string;
  outcome: Extract<Outcome, 'accepted' | 'already_registered' | 'updated' | 'rejected' | 'failed'>;
  status: number | null;
  message: string;
}

export const WRITE_RESULT_COLUMNS: readonly Column<WriteResult>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'outcome', value: (row) => row.outcome },
  { header: 'status', value: (row) => row.status, ko: '응답 코드' },
  { header: 'message', value: (row) => row.message },
];

export function writeResult(f: Factory, result: WriteResult): Promise<void> {
  return writeData(f, { json: result, rows: [result], columns: WRITE_RESULT_COLUMNS });
}
