import { readFile } from 'node:fs/promises';
import { UsageError } from '../cli/errors.js';
import type { CsvLayout } from './layouts.js';

const normalize = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/**
 * Reads `--columns`: `order_id=주문번호,recipient_name=수령인`, or the path of a JSON file holding
 * `{"order_id": "주문번호", ...}`. Keys are this tool's column names; values are the file's headers.
 */
export async function readColumnMapping(
  flag: string | undefined,
  layout: CsvLayout,
): Promise<Map<string, string>> {
  const mapping = new Map<string, string>();
  if (flag === undefined) return mapping;
  let pairs: [string, string][];
  if (flag.trim().endsWith('.json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(flag.trim(), 'utf8'));
    } catch (error) {
      throw new UsageError(`cannot read --columns file ${flag}: ${(error as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new UsageError(`--columns file ${flag} must hold a JSON object such as {"order_id": "주문번호"}`);
    }
    pairs = Object.entries(parsed).map(([key, value]) => [key, String(value)]);
  } else {
    pairs = flag.split(',').map((pair) => {
      const equals = pair.indexOf('=');
      if (equals <= 0) throw new UsageError(`--columns: "${pair}" is not name=header`);
      return [pair.slice(0, equals).trim(), pair.slice(equals + 1).trim()];
    });
  }
  for (const [name, header] of pairs) {
    if (!layout.columns.includes(name)) {
      throw new UsageError(`--columns: "${name}" is not a column of this layout`, [
        `Columns: ${layout.columns.join(', ')}`,
      ]);
    }
    mapping.set(name, header);
  }
  return mapping;
}

/** Where each layout column is in the header: by `--columns`, else by its own name (any case). */
export function locateColumns(
  header: readonly string[],
  layout: CsvLayout,
  mapping: Map<string, string>,
  label: string,
) {
  const positions = new Map<string, number>(header.map((name, index) => [normalize(name), index]));
  const index = new Map<string, number>();
  for (const column of layout.columns) {
    const wanted = mapping.get(column) ?? column;
    const position = positions.get(normalize(wanted));
    if (position !== undefined) index.set(column, position);
    else if (mapping.has(column)) {
      throw new UsageError(`--columns maps ${column} to "${wanted}", but ${label} has no such header`, [
        `Headers: ${header.join(', ')}`,
      ]);
    }
  }
  const missing = layout.required.filter((alternatives) => !alternatives.some((column) => index.has(column)));
  if (missing.length > 0) {
    throw new UsageError(
      `${label} lacks required column(s): ${missing.map((alternatives) => alternatives.join(' or ')).join(', ')}`,
      [
        `Headers found: ${header.join(', ')}`,
        'Map your own headers with --columns "order_id=주문번호,recipient_name=수령인,..."',
      ],
    );
  }
  return index;
}
