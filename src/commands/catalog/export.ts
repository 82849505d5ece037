import { open, type FileHandle } from 'node:fs/promises';
import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { UsageError } from '../../cli/errors.js';
import { examples } from '../../cli/help.js';
import { openCatalog } from '../../cli/catalog.js';
import { catalogWords } from './words.js';
import { csvRow } from '../../util/csv.js';
import { fileErrorReason } from '../../util/file-errors.js';

export interface CatalogExportOptions {
  file: string;
}

/** Opens the file to write, or says which file and why not (a folder, no such folder, a full disk). */
async function openOutput(path: string): Promise<FileHandle> {
  try {
    return await open(path, 'w', 0o600);
  } catch (error) {
    throw new UsageError(`cannot write ${path}: ${fileErrorReason(error)}`);
  }
}

/** Writes the catalog as CSV (id, name, image_url), the format `catalog import` and `--products` read. */
export async function catalogExportRun(options: CatalogExportOptions, f: Factory): Promise<void> {
  const catalog = await openCatalog(f);
  try {
    const rows = catalog.list();
    const lines = [csvRow(['id', 'name', 'image_url'])];
    for (const row of rows) lines.push(csvRow([row.id, row.name ?? '', row.image_url ?? ''], ',', true));
    const text = `${lines.join('\n')}\n`;
    if (options.file === '-') {
      f.io.stdout.write(text);
      return;
    }
    const file = await openOutput(options.file);
    try {
      // A byte-order mark, so that Excel opens the Korean names as UTF-8.
      await file.writeFile(`\uFEFF${text}`);
    } catch (error) {
      throw new UsageError(`cannot write ${options.file}: ${fileErrorReason(error)}`);
    } finally {
      await file.close();
    }
    f.log.info(catalogWords(f).written(rows.length, options.file));
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
