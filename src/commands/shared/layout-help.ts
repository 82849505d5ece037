import { LAYOUT_COLUMNS, presets } from '../../bulk/index.js';
import type { Lang } from '../../util/terminal-lang.js';

type Kind = keyof typeof LAYOUT_COLUMNS;

/**
 * The "Columns" and "Presets" blocks of a create command's `--help`: what a sheet needs, and the
 * marketplace exports read as they are, in `lang`. Presets are read from their files when help is shown.
 */
export function layoutHelp(kind: Kind, lang: Lang): string {
  const ko = lang === 'ko';
  const columns = LAYOUT_COLUMNS[kind];
  const width = Math.max(...columns.map((column) => column.name.length)) + 4;
  const lines = [
    '',
    ko
      ? '시트의 열 (CSV나 .xlsx; 순서와 대소문자 상관없음; * 필수):'
      : 'Columns of a sheet (CSV or .xlsx; any order, any case; * required):',
    ...columns.map(
      (column) =>
        `  ${`${column.name}${column.required ? ' *' : ''}`.padEnd(width)}${ko ? column.descriptionKo : column.description}`,
    ),
  ];
  const ofKind = presets().filter((preset) => preset.kind === kind);
  if (ofKind.length > 0) {
    const presetWidth = Math.max(...ofKind.map((preset) => preset.name.length)) + 2;
    lines.push(
      '',
      ko
        ? '마켓 다운로드 (머리글로 알아보거나 --preset 이름; 자세히: intake columns show 이름):'
        : 'Marketplace exports (recognised by their headers, or --preset NAME; see intake columns show NAME):',
      ...ofKind.map((preset) => `  ${preset.name.padEnd(presetWidth)}${ko ? preset.titleKo : preset.title}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
