import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { columnsWords } from './words.js';

export type ColumnsListOptions = Record<string, never>;

/** A layout or preset, as `intake columns list` shows it. */
interface Entry {
  name: string;
  type: 'layout' | 'preset' | 'saved';
  kind: string;
  description: string;
  /** The description for people at this terminal. */
  shown: string;
}

/** Our own layouts (order, product, shipment) and every marketplace preset. */
export async function columnsListRun(_options: ColumnsListOptions, f: Factory): Promise<void> {
  const [{ LAYOUT_COLUMNS }, { presets }, { savedLayouts }] = await Promise.all([
    import('../../bulk/index.js'),
    import('../../bulk/index.js'),
    import('../../cli/saved-layouts.js'),
  ]);
  const words = columnsWords(f);
  const rows: Entry[] = [
    ...Object.keys(LAYOUT_COLUMNS).map((kind) => {
      const description = `this tool's own ${kind} columns`;
      return {
        name: kind,
        type: 'layout' as const,
        kind,
        description,
        shown: words.ownLayout(kind, description),
      };
    }),
    ...presets().map((preset) => ({
      name: preset.name,
      type: 'preset' as const,
      kind: preset.kind,
      description: preset.title,
      shown: words.presetTitle(preset),
    })),
    ...(await savedLayouts(f.env)).map((preset) => ({
      name: preset.name,
      type: 'saved' as const,
      kind: preset.kind,
      description: preset.notes,
      shown: words.notes(preset),
    })),
  ];
  await writeData(f, {
    json: rows.map(({ shown: _shown, ...row }) => row),
    rows,
    columns: [
      { header: 'name', value: (row) => row.name },
      { header: 'type', value: (row) => row.type },
      { header: 'kind', value: (row) => row.kind },
      { header: 'description', value: (row) => row.description, shown: (row) => row.shown },
    ],
  });
  f.log.info(words.listHint);
}

export function newColumnsListCommand(
  f: Factory,
  runF: (options: ColumnsListOptions, f: Factory) => Promise<void> = columnsListRun,
): Command {
  return new Command('list')
    .description(
      'List the layouts (order, product, shipment), the marketplace presets and the layouts you saved',
    )
    .addHelpText('after', examples('intake columns list', 'intake columns list --json'))
    .action(() => runF({}, f));
}
