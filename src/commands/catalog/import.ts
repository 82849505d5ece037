import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import type { Said } from '../../bulk/index.js';
import { terminalLang } from '../../util/terminal-lang.js';
import { openCatalog } from '../../cli/catalog.js';
import { catalogWords } from './words.js';
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
  const { readCatalog, sayIn, KOREAN_LINES } = await import('../../bulk/index.js');
  const korean = terminalLang(f.env) === 'ko';
  const said = (line: string, what: Said | undefined) =>
    korean ? sayIn('ko', line, what, 'terminal') : line;
  const products = await readCatalog(
    {
      info: (line, what) => f.log.info(said(line, what)),
      warn: (line, what) => f.log.warn(said(line, what)),
    },
    options.file,
    workbookPassword(f, { passwordStdin: options.passwordStdin, inputFromStdin: false }),
    korean ? { words: KOREAN_LINES } : {},
  );
  const catalog = await openCatalog(f);
  try {
    const changed = catalog.set(
      [...products].map(([id, product]) => ({ id, ...product })),
      'file',
    );
    f.log.info(catalogWords(f).imported(products.size, options.file, changed, catalog.count()));
  } finally {
    catalog.close();
  }
}

export function newCatalogImportCommand(
  f: Factory,
  runF: (options: CatalogImportOptions, f: Factory) => Promise<void> = catalogImportRun,
): Command {
  return new Command('import')
    .description('Add the products of a file (id, with name, image_url or both) to the catalog')
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
