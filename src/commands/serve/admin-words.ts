import type { Factory } from '../../cli/factory.js';
import { terminalLang } from '../../util/terminal-lang.js';

/**
 * What `intake serve migrate`, `export` and `import` tell a person, in Korean at a Korean terminal; their
 * `--json` output, which scripts read, is the same in any language. Their errors are said in Korean by
 * the CLI's error words, as every command's are.
 */
export interface AdminWords {
  upToDate: (version: number | undefined) => string;
  copying: (from: string, to: string) => string;
  /** One table copied and checked (indented under `copying`). */
  table: (name: string, rows: number) => string;
  copied: (rows: number, tables: number, from: string, to: string) => string;
}

const rowsEn = (rows: number) => `${rows} ${rows === 1 ? 'row' : 'rows'}`;

const ENGLISH: AdminWords = {
  upToDate: (version) =>
    `The database's schema is up to date${version === undefined ? '' : ` (version ${version})`}.`,
  copying: (from, to) => `Copying ${from} to ${to}…`,
  table: (name, rows) => `  ${name}: ${rowsEn(rows)}, the same in both`,
  copied: (rows, tables, from, to) =>
    `Copied ${rowsEn(rows)} in ${tables} tables from ${from} to ${to}; counts and content checked.`,
};

const KOREAN: AdminWords = {
  upToDate: (version) =>
    `데이터베이스 스키마가 최신입니다${version === undefined ? '' : ` (버전 ${version})`}.`,
  copying: (from, to) => `${from}을(를) ${to}(으)로 복사합니다…`,
  table: (name, rows) => `  ${name}: ${rows}행, 양쪽이 같습니다`,
  copied: (rows, tables, from, to) =>
    `${from}에서 ${to}(으)로 테이블 ${tables}개, ${rows}행을 복사했습니다. 행 수와 내용이 같은지 확인했습니다.`,
};

export const adminWords = (f: Factory): AdminWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
