import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { openCatalog } from '../../cli/catalog.js';
import { csvRow } from '../../util/csv.js';

export interface CatalogExportOptions {
  file: string;
}

/** Writes the catalog as CSV (id, name, image_url), the format `catalog import` and `--products` read. */
export async function catalogExportRun(options: CatalogExportOptions, f: Factory): Promise<void> {
  const catalog = await openCatalog(f);
  try {
    const rows = catalog.list();
    const toStdout = options.file === '-';
    const out = toStdout ? f.io.stdout : createWriteStream(options.file, { mode: 0o600 });
    // A byte-order mark, so that Excel opens the Korean names as UTF-8.
    if (!toStdout) out.write('\uFEFF');
    out.write(`${csvRow(['id', 'name', 'image_url'])}\n`);
    for (const row of rows)
      out.write(`${csvRow([row.id, row.name ?? '', row.image_url ?? ''], ',', true)}\n`);
    if (!toStdout) {
      (out as NodeJS.WritableStream & { end(): void }).end();
      await once(out, 'close');
      f.log.info(`${rows.length} products written to ${options.file}.`);
    }
  } finally {
    catalog.close();
  }
}

export function newCatalogExportCommand(
  f: Factory,
  runF: (options: CatalogExportOptions, f: Factory) => Promise<void> = catalogExportRun,
): Command {
  return new Command('export')
    .description('Write the catalog as CSV (id, name, image_url)')
    .argument('[file]', 'where to write it (- for standard output)', '-')
    .addHelpText(
      'after',
      examples('intake catalog export catalog.csv', 'intake catalog export > catalog.csv'),
    )
    .action((file: string) => runF({ file }, f));
}
