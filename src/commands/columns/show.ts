import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { own } from '../../util/own.js';
import { columnsWords } from './words.js';

export interface ColumnsShowOptions {
  name: string;
}

/**
 * A layout's columns (name, required, what it is), or a preset's mapping of our columns to the
 * export's headers. A preset in JSON is the preset file itself, usable as a `--columns` file.
 */
export async function columnsShowRun(options: ColumnsShowOptions, f: Factory): Promise<void> {
  const [{ LAYOUT_COLUMNS }, { presets }, { savedLayouts }] = await Promise.all([
    import('../../bulk/index.js'),
    import('../../bulk/index.js'),
    import('../../cli/saved-layouts.js'),
  ]);
  const words = columnsWords(f);
  const layout = own(LAYOUT_COLUMNS, options.name);
  if (layout) {
    await writeData(f, {
      json: layout.map(({ descriptionKo: _ko, ...column }) => column),
      rows: layout,
      columns: [
        { header: 'column', value: (column) => column.name },
        {
          header: 'required',
          value: (column) => (column.required ? 'yes' : 'no'),
          shown: (column) => words.required(column.required),
        },
        { header: 'description', value: (column) => column.description, shown: words.column },
      ],
    });
    return;
  }
  const all = [...(await savedLayouts(f.env)), ...presets()];
  const preset = all.find((candidate) => candidate.name === options.name);
  if (!preset) {
    throw new UsageError(`there is no layout or preset "${options.name}"`, [
      `Layouts: ${Object.keys(LAYOUT_COLUMNS).join(', ')}; presets and saved layouts: ${all
        .map((candidate) => candidate.name)
        .join(', ')}`,
    ]);
  }
  const rows = Object.entries(preset.raw)
    .filter(([key]) => !key.startsWith('$'))
    .map(([column, header]) => ({
      column,
      header: Array.isArray(header)
        ? header.join(' + ')
        : typeof header === 'object' && header !== null && Array.isArray((header as { any?: unknown }).any)
          ? (header as { any: string[] }).any.join(' or ')
          : String(header),
    }));
  await writeData(f, {
    json: preset.raw,
    rows,
    columns: [
      { header: 'column', value: (row) => row.column },
      { header: 'header', value: (row) => row.header },
    ],
  });
  f.log.info(words.presetLine(preset));
  const split = Object.entries(preset.split);
  if (split.length > 0) f.log.info(words.split(split));
  if (preset.sources) f.log.info(words.sources(preset));
  f.log.info(words.adjust(preset.name));
}

export function newColumnsShowCommand(
  f: Factory,
  runF: (options: ColumnsShowOptions, f: Factory) => Promise<void> = columnsShowRun,
): Command {
  return new Command('show')
    .description('Show a layout’s columns, or how a preset maps an export’s headers to them')
    .argument('<name>', 'order, product, shipment, or a preset (intake columns list)')
    .addHelpText(
      'after',
      examples(
        'intake columns show order',
        'intake columns show smartstore-orders',
        'intake columns show smartstore-orders --json > my-columns.json',
      ),
    )
    .action((name: string) => runF({ name }, f));
}
