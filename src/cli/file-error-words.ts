import type { Words } from './error-words.js';

// A file the CLI cannot read or write (a folder that is not there, a full disk, JSON that does not
// parse), at a Korean terminal, in Korean (see error-words.ts, which says every line of an error through
// these and its own).

/** Why a file or folder could not be used (`fileErrorReason`), in Korean. */
const REASONS: Readonly<Record<string, string>> = {
  'no such file': '그런 파일이 없습니다',
  'no such folder': '그런 폴더가 없습니다',
  'permission denied': '읽을 권한이 없습니다',
  'it is a folder': '폴더입니다',
  'the name is too long': '이름이 너무 깁니다',
  'no space left on the device': '디스크에 남은 공간이 없습니다',
  'a part of its path is a file, not a folder': '경로의 일부가 폴더가 아니라 파일입니다',
  'no folder can be made there': '그곳에 폴더를 만들 수 없습니다',
  'the file system is read-only': '읽기 전용 파일 시스템입니다',
};

/** Why a file could not be used, in Korean where there are words for it; else as it is. */
export const reasonKo = (reason: string): string => REASONS[reason] ?? reason;

/** Why a file could not be written: no right to write it, rather than to read it. */
export const writeReasonKo = (reason: string): string =>
  reason === 'permission denied' ? '쓸 권한이 없습니다' : reasonKo(reason);

/** The files an upload writes, as its errors name them. */
const WRITTEN: Readonly<Record<string, string>> = {
  report: '보고서',
  'rejects file': '고칠 행 파일',
  'upload ledger': '업로드 기록',
};

/** A standard input or a file, as a Korean sentence names it, with its particle (은 or 이). */
const inputKo = (label: string, particle: '은(는)' | '이(가)') =>
  label === 'stdin' ? `표준 입력${particle === '은(는)' ? '은' : '이'}` : `${label}${particle}`;

export const FILE_WORDS: readonly Words[] = [
  [/^cannot read (.+): (.+)$/, (m) => `${m[1]}을(를) 읽을 수 없습니다: ${reasonKo(m[2] ?? '')}`],
  [/^(.+) is not a file$/, (m) => `${m[1]}은(는) 파일이 아닙니다`],
  [
    /^cannot write the (report|rejects file|upload ledger) (.+): (.+)$/,
    (m) => `${WRITTEN[m[1] ?? '']} ${m[2]}을(를) 쓸 수 없습니다: ${writeReasonKo(m[3] ?? '')}`,
  ],
  [/^cannot write (.+): (.+)$/, (m) => `${m[1]}을(를) 쓸 수 없습니다: ${writeReasonKo(m[2] ?? '')}`],
  [
    /^(.+) is not valid JSON: (.+) at line (\d+), column (\d+)$/,
    (m) =>
      `${inputKo(m[1] ?? '', '은(는)')} 올바른 JSON이 아닙니다: ${m[2]} (${m[3]}번째 줄, ${m[4]}번째 글자)`,
  ],
  [
    /^(stdin|[^\s/]+\.(?:csv|tsv|txt|json|ndjson|jsonl|xlsx)) is empty$/,
    (m) => `${inputKo(m[1] ?? '', '이(가)')} 비어 있습니다`,
  ],
  [
    /^(--sheet|--password-stdin) is for \.xlsx workbooks(?:; (.+) is read as (\w+))?$/,
    (m) =>
      `${m[1]}은(는) .xlsx 엑셀 파일에만 씁니다` + (m[2] ? `. ${m[2]}은(는) ${m[3]}(으)로 읽습니다` : ''),
  ],
];
