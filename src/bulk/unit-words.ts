/** What a unit of a file is called in Korean: a row of a sheet, a line of NDJSON, a JSON record. */
const UNIT: Readonly<Record<string, string>> = { row: '행', line: '줄', record: '레코드' };

/** A unit's name in Korean: `행` for a row of a sheet, `줄` for a line of NDJSON (`행` when not known). */
export const koreanUnit = (unitName: string): string => UNIT[unitName] ?? '행';
