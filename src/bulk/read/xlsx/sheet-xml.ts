import type { CsvRow } from '../csv-rows.js';
import { InputError } from '../../errors.js';
import { cellText, type CellBook } from './cell-text.js';
import { columnName, columnOf } from './cell-ref.js';
import { WORKBOOK_LIMITS, count } from './limits.js';
import { readXml } from './xml.js';

/** A row of a sheet as read: its number, its cells' text, and the columns whose formula has no saved value. */
export type SheetRow = CsvRow;

/** What reading a sheet needs from its workbook: strings, number formats by style, the date system. */
export interface SheetBook extends CellBook {
  numFmtOf(style: number): string | undefined;
}

/**
 * The rows of a worksheet's XML (`xl/worksheets/sheetN.xml`), streaming, each cell as a person sees it
 * (`cell-text.ts`): inline rich text as the text of its runs (phonetic guides left out), a formula as
 * its saved result. Rows are numbered as the sheet numbers them; a row whose cells are all empty is
 * left out. A cell past Excel's last row or column, or longer than a cell can be, is refused before it
 * costs memory.
 */
export async function* sheetRows(
  xml: AsyncIterable<Buffer | string>,
  book: SheetBook,
  where: string,
): AsyncGenerator<SheetRow> {
  // Long because it is one streaming SAX state machine over a sheet's XML: the states (row, cell, value,
  // inline string, shared string) share the current cell.
  let ready: SheetRow[] = [];
  let cells: string[] | undefined;
  let formulas: number[] | undefined;
  let rowNumber = 0;
  let column = -1;
  let type: string | undefined;
  let style: number | undefined;
  let text = '';
  let inText = false;
  let hasValue = false;
  let hasFormula = false;
  let phonetic = 0;
  const tooFar = (what: string) =>
    new InputError(`${where}: ${what}`, [
      'Delete the empty rows and columns past your data, save, and try again.',
    ]);
  const reading = readXml(
    xml,
    {
      open(name, attributes) {
        switch (name) {
          case 'row': {
            const number = Number(attributes.r);
            rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
            if (rowNumber > WORKBOOK_LIMITS.rows) {
              throw tooFar(
                `row ${count(rowNumber)} is past Excel's last row (${count(WORKBOOK_LIMITS.rows)})`,
              );
            }
            cells = [];
            formulas = undefined;
            column = -1;
            break;
          }
          case 'c': {
            const reference = attributes.r;
            column =
              typeof reference === 'string' ? columnOf(reference, WORKBOOK_LIMITS.columns) : column + 1;
            if (column < 0 || column >= WORKBOOK_LIMITS.columns) {
              throw tooFar(
                `a cell of row ${count(rowNumber)} (${(reference ?? '').slice(0, 20)}) is past Excel's last column (XFD)`,
              );
            }
            type = attributes.t;
            style = attributes.s === undefined ? undefined : Number(attributes.s);
            text = '';
            hasValue = false;
            hasFormula = false;
            break;
          }
          case 'f':
            hasFormula = true;
            break;
          case 'rPh':
            phonetic += 1;
            break;
          case 'v':
          case 't':
            // An inline string is its <is> text alone; a <v> beside it (some writers add one) is not shown.
            if (name === 'v' && type === 'inlineStr') break;
            if (cells !== undefined && phonetic === 0) {
              inText = true;
              hasValue = true;
            }
            break;
        }
      },
      text(value) {
        if (!inText) return;
        text += value;
        if (text.length > WORKBOOK_LIMITS.cellCharacters) {
          throw new InputError(
            `${where}: cell ${columnName(column)}${rowNumber} holds over ${count(WORKBOOK_LIMITS.cellCharacters)} characters, more than a cell can`,
          );
        }
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            inText = false;
            break;
          case 'rPh':
            phonetic -= 1;
            break;
          case 'c':
            if (!cells || column < 0) break;
            // A formula saved without its result: an empty `<v>` is Excel's empty text only when typed `str`.
            if (hasFormula && (!hasValue || (text === '' && type !== 'str'))) {
              cells[column] = '';
              (formulas ??= []).push(column);
              break;
            }
            cells[column] = cellText(
              { type, text, numFmt: style === undefined ? undefined : book.numFmtOf(style) },
              book,
            );
            break;
          case 'row':
            if (cells) {
              let blank = formulas === undefined;
              for (let index = 0; index < cells.length; index++) {
                const cell = cells[index];
                if (cell === undefined) cells[index] = '';
                else if (blank && cell.trim() !== '') blank = false;
              }
              if (!blank)
                ready.push(formulas ? { row: rowNumber, cells, formulas } : { row: rowNumber, cells });
            }
            cells = undefined;
            break;
        }
      },
    },
    where,
  );
  for await (const _ of reading) {
    if (ready.length > 0) {
      yield* ready;
      ready = [];
    }
  }
  yield* ready;
}
