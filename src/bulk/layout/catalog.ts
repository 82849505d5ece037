import { InputError } from '../errors.js';
import type { UploadLog } from '../context.js';
import type { CatalogProduct } from '../../input/record-context.js';
import { cut } from '../../util/cut.js';
import { counting } from '../../util/count.js';
import { plainOptions, type UploadOptions } from '../options.js';
import { describeProblems, type Problem, type ProblemWords } from '../problems.js';
import type { Note } from '../said.js';
import { products as productResource, type Resource } from '../resources.js';
import { openFile, planInput } from '../read/source.js';
import { inspectUnit } from './inspect.js';
import { openUnits } from './units.js';
import { CatalogRow, catalogTable } from './table-layouts.js';
import { jsonLayout } from './layouts.js';
import type { PasswordSource } from '../read/xlsx/workbook.js';

/** How a catalog is read: as a products upload would read it, without the sending. */
const CATALOG_READING: UploadOptions = plainOptions({ dryRun: true, resume: false });

/**
 * A catalog's records: products whose name or image may be missing (the other is then known already),
 * in every form of file alike. A JSON catalog of ids and images is as good as a CSV of them.
 */
const catalogRecords = { ...productResource, schema: CatalogRow } as Resource<unknown>;

/** A row of a catalog file that is not a valid product: skipped, with why. */
export interface SkippedProduct {
  row: number;
  problems: readonly Problem[];
}

/** A catalog file read: its products, the rows skipped, and what reading it said (the sheet, the layout). */
export interface CatalogFile {
  products: Map<string, CatalogProduct>;
  /** What the file is called where it is said (its name on the person's computer, for a page). */
  label: string;
  unitName: string;
  skipped: SkippedProduct[];
  notes: Note[];
}

/**
 * Reads a product catalog: a CSV, .xlsx, JSON or NDJSON of products (id, name, image_url), read and
 * checked exactly as `intake product create` reads them. Rows that are not valid products are skipped
 * and listed; the first row of an id wins. `label` names the file in what is said (default: its name).
 */
export async function readCatalogFile(
  path: string,
  password: PasswordSource,
  label?: string,
): Promise<CatalogFile> {
  const products = new Map<string, CatalogProduct>();
  const opened = await openFile(path);
  const source = label === undefined ? opened : { ...opened, label };
  const read: CatalogFile = { products, label: source.label, unitName: 'row', skipped: [], notes: [] };
  try {
    const plan = await planInput(source, undefined);
    if (plan.mode === 'single') {
      // One JSON object: checked as each record of a list is.
      const layout = jsonLayout(catalogRecords);
      const { problems } = layout.inspect(plan.record);
      if (problems.length > 0) read.skipped.push({ row: 1, problems });
      else keep(products, layout.build(plan.record).part);
      read.unitName = 'record';
      return read;
    }
    const units = await openUnits(source, plan.format, catalogRecords, {
      options: CATALOG_READING,
      context: {},
      password,
      tableLayout: catalogTable(),
    });
    try {
      read.unitName = units.unitName;
      read.notes.push(...units.notes);
      for await (const unit of units.units()) {
        const inspection = inspectUnit(units.layout, unit);
        if (inspection.problems.length > 0) {
          read.skipped.push({ row: unit.row, problems: inspection.problems });
          continue;
        }
        keep(products, units.layout.build(unit.value).part);
      }
    } finally {
      await units.close();
    }
  } finally {
    await source.cleanup();
  }
  return read;
}

/** Keeps a product read: the first row that gives its name, and the first that gives its image. */
function keep(products: Map<string, CatalogProduct>, part: unknown): void {
  const { id, ...known } = part as { id: string } & CatalogProduct;
  products.set(id, { ...known, ...products.get(id) });
}

/**
 * Reads a product catalog (`--products`) as `readCatalogFile` does, saying on `log` what reading it
 * said and the rows skipped (the first five, and how many more).
 */
export async function readCatalog(
  log: UploadLog,
  path: string,
  password: PasswordSource,
  how: { flag?: string; words?: Pick<ProblemWords, 'unit' | 'problem'> } = { flag: '--products' },
): Promise<Map<string, CatalogProduct>> {
  if (path === '-') throw new InputError('--products needs a file; standard input is the orders');
  const read = await readCatalogFile(path, password);
  const flag = how.flag ? `${how.flag} ` : '';
  for (const note of read.notes) log.info(`${how.flag ? `${how.flag}: ` : ''}${note.text}`, note.said);
  const { skipped, unitName } = read;
  if (skipped.length > 0) {
    const what = skipped.length === 1 ? 'is not a valid product and was' : 'are not valid products and were';
    log.warn(`${flag}${read.label}: ${counting(skipped.length, unitName)} ${what} skipped:`, {
      code: 'catalog_skipped',
      values: { file: read.label, count: skipped.length, unit: unitName },
    });
    for (const { row, problems } of skipped.slice(0, 5)) {
      const where = how.words?.unit(unitName, row) ?? `${unitName} ${row}`;
      log.warn(`  ${where}: ${cut(describeProblems(problems, how.words?.problem), 200)}`);
    }
    if (skipped.length > 5) {
      log.warn(`  … and ${skipped.length - 5} more`, {
        code: 'catalog_skipped_more',
        values: { count: skipped.length - 5 },
      });
    }
  }
  return read.products;
}
