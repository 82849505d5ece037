import { InputError } from '../errors.js';
import type { UploadLog } from '../context.js';
import type { CatalogProduct } from '../../input/record-context.js';
import { cut } from '../../util/cut.js';
import type { UploadOptions } from '../options.js';
import { describeProblems } from '../problems.js';
import { products as productResource, type Resource } from '../resources.js';
import { openFile, planInput } from '../read/source.js';
import { inspectUnit } from './inspect.js';
import { openUnits } from './units.js';
import type { PasswordSource } from '../read/xlsx/workbook.js';

/** How a catalog is read: as a products upload would read it, without the sending. */
const CATALOG_READING: UploadOptions = {
  dryRun: true,
  allOrNothing: false,
  resume: false,
  update: false,
  followUp: [],
  passwordStdin: false,
};

/**
 * Reads a product catalog (`--products`): a CSV, .xlsx, JSON or NDJSON of products (id, name,
 * image_url), read and checked exactly as `intake product create` reads them. Rows that are not valid
 * products are skipped, and said so; the first row of an id wins.
 */
export async function readCatalog(
  log: UploadLog,
  path: string,
  password: PasswordSource,
): Promise<Map<string, CatalogProduct>> {
  if (path === '-') throw new InputError('--products needs a file; standard input is the orders');
  const catalog = new Map<string, CatalogProduct>();
  const source = await openFile(path);
  const skipped: string[] = [];
  try {
    const plan = await planInput(source, undefined);
    const resource = productResource as Resource<unknown>;
    if (plan.mode === 'single') {
      const record = plan.record as { id?: unknown; name?: unknown; image_url?: unknown };
      if (typeof record.id === 'string') catalog.set(record.id, record as CatalogProduct);
      return catalog;
    }
    const units = await openUnits(source, plan.format, resource, {
      options: CATALOG_READING,
      context: {},
      password,
    });
    try {
      for (const note of units.notes) log.info(`--products: ${note.text}`);
      for await (const unit of units.units()) {
        const inspection = inspectUnit(units.layout, unit);
        if (inspection.problems.length > 0) {
          skipped.push(`${units.unitName} ${unit.row}: ${cut(describeProblems(inspection.problems), 200)}`);
          continue;
        }
        const product = units.layout.build(unit.value).part as {
          id: string;
          name: string;
          image_url: string;
        };
        if (!catalog.has(product.id))
          catalog.set(product.id, { name: product.name, image_url: product.image_url });
      }
    } finally {
      await units.close();
    }
  } finally {
    await source.cleanup();
  }
  if (skipped.length > 0) {
    log.warn(`--products ${source.label}: ${skipped.length} rows are not valid products and were skipped:`);
    for (const line of skipped.slice(0, 5)) log.warn(`  ${line}`);
    if (skipped.length > 5) log.warn(`  … and ${skipped.length - 5} more`);
  }
  return catalog;
}
