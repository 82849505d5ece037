/**
 * How large a workbook may be, checked before the memory or time it would cost is spent. The sheet
 * limits are Excel's own; the zip limits are those Apache POI applies against "zip bombs" (a small file
 * that inflates to gigabytes), scaled for a marketplace download of a million rows.
 */
export const WORKBOOK_LIMITS = {
  /** Excel's last column is XFD. */
  columns: 16_384,
  /** Excel's last row. */
  rows: 1_048_576,
  /** Characters one cell can hold in Excel. */
  cellCharacters: 32_767,
  /** Bytes of XML between two tags: a cell at its longest, escaped, with room to spare. */
  bytesBetweenTags: 1024 * 1024,
  /** Parts of the zip; a workbook has a few dozen. */
  entries: 10_000,
  /** Uncompressed size of any part read (a million-row sheet is a few hundred MB of XML). */
  partBytes: 4 * 1024 ** 3 - 1,
  /** Uncompressed size of the shared strings, which are kept while the sheet is read. */
  sharedStringBytes: 1024 ** 3,
  /** Distinct shared strings. */
  sharedStrings: 32 * 1024 * 1024,
  /** How much a part may inflate (uncompressed / compressed), once it is over `ratioAboveBytes`. */
  inflateRatio: 100,
  ratioAboveBytes: 1024 * 1024,
} as const;

/** `123,456,789` */
export { count } from '../../../util/count.js';

export { bytes } from '../../../util/bytes.js';
