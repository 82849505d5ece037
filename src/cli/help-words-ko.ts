import stringWidth from 'string-width';
import { HELP_KO } from './help-text-ko.js';

// The help (`--help`) at a Korean terminal: its titles, each description (help-text-ko.ts), what
// commander adds after a description (choices, a default), the examples' comments and the words after
// the program's own help, in Korean; the command lines themselves as they are. Korean letters take two
// columns of a terminal, which the help's columns and wrapping count.

const TITLES: Readonly<Record<string, string>> = {
  'Usage:': '사용법:',
  'Arguments:': '인자:',
  'Options:': '옵션:',
  'Global Options:': '공통 옵션:',
  'Commands:': '명령:',
};

const EXTRAS: Readonly<Record<string, string>> = {
  choices: '선택',
  default: '기본값',
  preset: '값 없이 쓰면',
  env: '환경 변수',
};

/** A description in Korean where there are words for it, with commander's `(choices: …, default: …)`. */
export function descriptionKo(text: string): string {
  const whole = HELP_KO.get(text);
  if (whole !== undefined) return whole;
  const extra = /^(.*?) ?\(((?:choices|default|preset|env): .*)\)$/s.exec(text);
  if (!extra) return text;
  const head = extra[1] === '' ? '' : (HELP_KO.get(extra[1] ?? '') ?? extra[1]);
  const words = (extra[2] ?? '').replace(
    /(^|, )(choices|default|preset|env): /g,
    (_, lead: string, label: string) => `${lead}${EXTRAS[label] ?? label}: `,
  );
  return `${head}${head === '' ? '' : ' '}(${words})`;
}

/** The help's settings at a Korean terminal (commander's `configureHelp`). */
export const KOREAN_HELP = {
  styleTitle: (title: string) => TITLES[title] ?? title,
  styleCommandDescription: descriptionKo,
  styleSubcommandDescription: descriptionKo,
  styleOptionDescription: descriptionKo,
  styleArgumentDescription: descriptionKo,
  displayWidth: (text: string) => stringWidth(text),
};

/**
 * The examples' comments, by their English words: a line of its own (`# bash: add to ~/.bashrc`) or
 * after a command line (`intake queue status --timeout 5s     # each request gives up after 5 s`).
 */
export const EXAMPLE_COMMENTS_KO: ReadonlyMap<string, string> = new Map([
  ['a local service to try things on', '시험해 볼 로컬 서비스'],
  ['store credentials, check a file, then send it', '인증 정보를 저장하고, 파일을 검사한 뒤 보내기'],
  ['bash: add to ~/.bashrc', 'bash: ~/.bashrc에 추가'],
  ['zsh: add to ~/.zshrc (after compinit)', 'zsh: ~/.zshrc에 추가 (compinit 다음)'],
  ['PowerShell: add to $PROFILE', 'PowerShell: $PROFILE에 추가'],
  ['send corrected recipients of orders sent before', '먼저 보낸 주문의 고친 받는 사람 정보를 보내기'],
  ['a Smartstore download, images from a catalog', '스마트스토어 다운로드, 이미지는 상품 목록에서'],
  [
    'a Smartstore dispatch sheet: orders found from the items',
    '스마트스토어 발송처리 시트: 품목으로 주문을 찾습니다',
  ],
  ['each request gives up after 5 s', '요청마다 5초가 지나면 그만둡니다'],
  [
    'a damaged ledger: start an empty one, keep the old file aside',
    '손상된 원장: 빈 원장으로 시작하고, 옛 파일은 따로 둡니다',
  ],
]);

/** A comment of the examples whose words are a command line after a colon: the words before it. */
const LEADING_COMMENTS_KO: readonly (readonly [string, string])[] = [
  ['Against the local fakes: ', '로컬 가짜 API에: '],
];

/** An example's comment in Korean, where there are words for it; a command line after it as it is. */
export function commentKo(comment: string): string {
  const whole = EXAMPLE_COMMENTS_KO.get(comment);
  if (whole !== undefined) return whole;
  const lead = LEADING_COMMENTS_KO.find(([english]) => comment.startsWith(english));
  return lead ? `${lead[1]}${comment.slice(lead[0].length)}` : comment;
}

/** An example's comment: on a line of its own, or after a command line (`  $ intake …     # …`). */
const EXAMPLE_COMMENT = /^( {2}(?:\$ .*? +)?# )(.+)$/gm;

/** Lines written after a help (its examples, the program's notes), in Korean. */
const AFTER: readonly (readonly [RegExp, string])[] = [
  [/^Examples:$/m, '예:'],
  [
    /^Environment: INTAKE_BASE_URL, INTAKE_ACCESS_KEY_ID, INTAKE_SECRET_ACCESS_KEY, INTAKE_PROFILE and more\n\(intake help environment\)\.$/m,
    '환경 변수: INTAKE_BASE_URL, INTAKE_ACCESS_KEY_ID, INTAKE_SECRET_ACCESS_KEY, INTAKE_PROFILE 등\n(intake help environment).',
  ],
  [
    /^Exit codes: 0 ok, 1 failure, 2 usage or unreadable input, 3 authentication failed, 4 some records\nrejected, 5 service unreachable, 6 a marketplace refused the caller, 130 interrupted \(intake help exit-codes\)\.$/m,
    '종료 코드: 0 정상, 1 실패, 2 잘못된 사용이나 읽을 수 없는 입력, 3 인증 실패, 4 일부 레코드 거부,\n5 서비스에 연결 안 됨, 6 마켓이 호출을 거부함, 130 중단됨 (intake help exit-codes).',
  ],
];

/** What commander writes as help (the help and the text after it), in Korean. */
export function helpOutputKo(text: string): string {
  const commented = text.replace(
    EXAMPLE_COMMENT,
    (_, head: string, comment: string) => `${head}${commentKo(comment)}`,
  );
  return AFTER.reduce((said, [pattern, words]) => said.replace(pattern, words), commented);
}
