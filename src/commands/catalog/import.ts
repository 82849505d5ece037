import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { counting } from '../../util/count.js';
import { openCatalog } from '../../cli/catalog.js';
import { workbookPassword } from '../shared/workbook-password.js';

export interface CatalogImportOptions {
  file: string;
  passwordStdin: boolean;
}

/**
 * Adds the products of a file (CSV, .xlsx, JSON or NDJSON of id, name, image_url: the format of
 * `intake product create` and `--products`) to the catalog. Rows that are not valid products are skipped,
 * and said.
 */
export async function catalogImportRun(options: CatalogImportOptions, f: Factory): Promise<void> {
  const { readCatalog } = await import('../../bulk/index.js');
  const products = await readCatalog(
    { info: (line) => f.log.info(line), warn: (line) => f.log.warn(line) },
    options.file,
    workbookPassword(f, { passwordStdin: options.passwordStdin, inputFromStdin: false }),
  );
  const catalog = await openCatalog(f);
  try {
    const changed = catalog.set(
      [...products].map(([id, product]) => ({ id, ...product })),
      'file',
    );
    f.log.info(
      `${counting(products.size, 'product')} read from ${options.file}; ${changed} added or changed in the catalog (${catalog.count()} in all).`,
    );
  } finally {
    catalog.close();
  }
}

export function newCatalogImportCommand(
  f: Factory,
  runF: (options: CatalogImportOptions, f: Factory) => Promise<void> = catalogImportRun,
): Command {
  return new Command('import')
    .description('Add the products of a file (id, name, image_url) to the catalog')
    .argument('<file>', 'a CSV, .xlsx, JSON or NDJSON of products')
    .option('--password-stdin', 'read the password of a protected workbook from standard input')
    .addHelpText(
      'after',
      examples('intake catalog import fixtures/catalog.csv', 'intake catalog import 상품목록.xlsx'),
    )
    .action((file: string, flags: { passwordStdin?: boolean }) =>
      runF({ file, passwordStdin: flags.passwordStdin === true }, f),
    );
}
