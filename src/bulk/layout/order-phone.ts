import { reachablePhone } from '../../input/phone.js';
import { present, type Cells } from './cells.js';

/** The recipient's phone an order row gives the bot, and the column it is written in. */
export interface RowPhone {
  column: 'recipient_cellphone' | 'recipient_other_phone';
  text: string;
}

/**
 * The phone of an order row: its `recipient_cellphone`, or its `recipient_other_phone` (a download's
 * 수취인연락처2) where only that one is a mobile number or only that one is written (`reachablePhone`).
 */
export function rowPhone(cells: Cells): RowPhone {
  const first = present(cells.recipient_cellphone);
  const other = present(cells.recipient_other_phone);
  if (other === undefined) return { column: 'recipient_cellphone', text: first ?? '' };
  // Asked of a row by the check, then by its agreement with the order's other rows: chosen once.
  if (last.cells === cells && last.first === first && last.other === other) return last.chosen;
  const chosen: RowPhone =
    reachablePhone([first, other]) === 1
      ? { column: 'recipient_other_phone', text: other }
      : { column: 'recipient_cellphone', text: first ?? '' };
  last = { cells, first, other, chosen };
  return chosen;
}

/** The last row's choice, with the numbers it was made of. */
let last: { cells?: Cells; first?: string; other?: string; chosen: RowPhone } = {
  chosen: { column: 'recipient_cellphone', text: '' },
};
