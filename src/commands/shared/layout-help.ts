import { LAYOUT_COLUMNS, presets } from '../../bulk/index.js';

type Kind = keyof typeof LAYOUT_COLUMNS;

/**
 * The "Columns" and "Presets" blocks of a create command's `--help`: what a sheet needs, and the
 * marketplace exports read as they are. Presets are read from their files when help is shown.
 */
export function layoutHelp(kind: Kind): string {
  const columns = LAYOUT_COLUMNS[kind];
  const width = Math.max(...columns.map((column) => column.name.length)) + 4;
  const lines = [
    '',
    'Columns of a sheet (CSV or .xlsx; any order, any case; * required):',
    ...columns.map(
      (column) => `  ${`${column.name}${column.required ? ' *' : ''}`.padEnd(width)}${column.description}`,
    ),
  ];
  const ofKind = presets().filter((preset) => preset.kind === kind);
  if (ofKind.length > 0) {
    const presetWidth = Math.max(...ofKind.map((preset) => preset.name.length)) + 2;
    lines.push(
      '',
      'Marketplace exports (recognised by their headers, or --preset NAME; see intake columns show NAME):',
      ...ofKind.map((preset) => `  ${preset.name.padEnd(presetWidth)}${preset.title}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
