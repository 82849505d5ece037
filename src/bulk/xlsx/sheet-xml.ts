import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import type { CsvRow } from '../csv-rows.js';
import { cellText, type CellBook } from './cell-text.js';

/** The column number (from 0) of a cell reference: `A1` is 0, `AB12` is 27. */
function columnOf(reference: string): number {
  let column = 0;
  for (let index = 0; index < reference.length; index++) {
    const code = reference.charCodeAt(index);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

/** What reading a sheet needs from its workbook: strings, number formats by style, the date system. */
export interface SheetBook extends CellBook {
  numFmtOf(style: number): string | undefined;
}

/**
 * The rows of a worksheet's XML (`xl/worksheets/sheetN.xml`), as text cells, streaming. exceljs's
 * streaming reader builds a Row and Cell objects per cell; reading the XML here with saxes (the parser
 * exceljs itself uses) takes a third less time and much less memory on a million-row sheet, which is
 * what an upload of such a sheet must stay within. Rows are numbered as the sheet numbers them; a row
 * whose cells are all empty is left out.
 */
export async function* sheetRows(
  xml: AsyncIterable<Buffer | string>,
  book: SheetBook,
): AsyncGenerator<CsvRow> {
  const parser = new SaxesParser();
  // A chunk may end inside a character; the decoder keeps its first bytes for the next one.
  const decoder = new StringDecoder('utf8');
  let failure: Error | undefined;
  let ready: CsvRow[] = [];
  let cells: string[] | undefined;
  let rowNumber = 0;
  let column = -1;
  let type: string | undefined;
  let style: number | undefined;
  let text = '';
  let inText = false;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (node) => {
    switch (node.name) {
      case 'row': {
        const number = Number(node.attributes.r);
        rowNumber = Number.isInteger(number) && number > 0 ? number : rowNumber + 1;
        cells = [];
        column = -1;
        break;
      }
      case 'c': {
        const reference = node.attributes.r;
        column = typeof reference === 'string' ? columnOf(reference) : column + 1;
        type = node.attributes.t as string | undefined;
        style = node.attributes.s === undefined ? undefined : Number(node.attributes.s);
        text = '';
        break;
      }
      case 'v':
      case 't':
        inText = cells !== undefined;
        break;
    }
  });
  parser.on('text', (value) => {
    if (inText) text += value;
  });
  parser.on('closetag', (node) => {
    switch (node.name) {
      case 'v':
      case 't':
        inText = false;
        break;
      case 'c':
        if (cells && column >= 0) {
          const numFmt = style === undefined ? undefined : book.numFmtOf(style);
          cells[column] = cellText({ type, text, numFmt }, book);
        }
        break;
      case 'row':
        if (cells) {
          let blank = true;
          for (let index = 0; index < cells.length; index++) {
            const cell = cells[index];
            if (cell === undefined) cells[index] = '';
            else if (blank && cell.trim() !== '') blank = false;
          }
          if (!blank) ready.push({ row: rowNumber, cells });
        }
        cells = undefined;
        break;
    }
  });
  for await (const chunk of xml) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    if (failure) throw failure;
    if (ready.length > 0) {
      yield* ready;
      ready = [];
    }
  }
  parser.write(decoder.end());
  parser.close();
  if (failure) throw failure;
  yield* ready;
}
