import type { Factory } from '../../cli/factory.js';
import type { ColumnHelp } from '../../bulk/index.js';
import { terminalLang } from '../../util/terminal-lang.js';

// What `intake columns` tells a person beside its tables, and the descriptions in a terminal's table,
// in Korean at a Korean terminal; its JSON, CSV and a pipe's rows stay as they are. A preset's notes
// and the sources of its headers (where they were established) are its file's own, in each language.

/** A preset or layout as the words need it. */
interface Titled {
  name: string;
  kind: string;
  title: string;
  titleKo: string;
  notes: string;
  notesKo: string;
}

/** Where a preset's headers were established, in each language. */
interface Sourced {
  sources: string;
  sourcesKo: string;
}

export interface ColumnsWords {
  /** Our own layout of a kind, in `columns list`'s table. */
  ownLayout: (kind: string, description: string) => string;
  presetTitle: (preset: Titled) => string;
  listHint: string;
  required: (required: boolean) => string;
  column: (column: ColumnHelp) => string;
  /** A preset's or saved layout's notes. */
  notes: (preset: Titled) => string;
  presetLine: (preset: Titled) => string;
  split: (pairs: readonly (readonly [string, string])[]) => string;
  sources: (preset: Sourced) => string;
  adjust: (name: string) => string;
  saved: (name: string, kind: string, path: string) => string;
  removed: (name: string) => string;
}

const ENGLISH: ColumnsWords = {
  ownLayout: (_kind, description) => description,
  presetTitle: (preset) => preset.title,
  listHint:
    'A preset or saved layout is chosen by --preset NAME (or --columns NAME), or when a file’s header fits it. See: intake columns show NAME',
  required: (required) => (required ? 'yes' : 'no'),
  column: (column) => column.description,
  notes: (preset) => preset.notes,
  presetLine: (preset) => `${preset.title} (${preset.kind}s). ${preset.notes}`,
  split: (pairs) =>
    `Several values in one cell: ${pairs.map(([column, separator]) => `${column} split on "${separator}"`).join(', ')}.`,
  sources: (preset) => `Where the headers come from: ${preset.sources}`,
  adjust: (name) =>
    `To adjust it: intake columns show ${name} --json > my-columns.json, edit, then --columns my-columns.json`,
  saved: (name, kind, path) =>
    `Saved the layout ${name} (${kind}s) in ${path}. Use it with --columns ${name}.`,
  removed: (name) => `Removed the layout ${name}.`,
};

const KINDS: Readonly<Record<string, string>> = { order: '주문', product: '상품', shipment: '송장' };

const KOREAN: ColumnsWords = {
  ownLayout: (kind) => `Intake 기본 ${KINDS[kind] ?? kind} 열`,
  presetTitle: (preset) => preset.titleKo,
  listHint:
    '양식은 --preset 이름(또는 --columns 이름)으로 고르거나, 파일의 머리글이 맞으면 저절로 골라집니다. 자세히: intake columns show 이름',
  required: (required) => (required ? '필수' : '선택'),
  column: (column) => column.descriptionKo,
  notes: (preset) => preset.notesKo,
  presetLine: (preset) => `${preset.titleKo} (${KINDS[preset.kind] ?? preset.kind}). ${preset.notesKo}`,
  split: (pairs) =>
    `한 칸에 여러 값: ${pairs.map(([column, separator]) => `${column}은(는) "${separator}"로 나눕니다`).join(', ')}.`,
  sources: (preset) => `머리글의 출처: ${preset.sourcesKo}`,
  adjust: (name) =>
    `고쳐 쓰려면: intake columns show ${name} --json > my-columns.json 으로 저장해 고친 뒤 --columns my-columns.json`,
  saved: (name, kind, path) =>
    `${KINDS[kind] ?? kind} 열 ${name}을(를) ${path}에 저장했습니다. --columns ${name}(으)로 쓰세요.`,
  removed: (name) => `저장한 열 ${name}을(를) 지웠습니다.`,
};

/** The words for this terminal. */
export const columnsWords = (f: Factory): ColumnsWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
