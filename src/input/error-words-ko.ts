import { fixedWords, saidIn, type Words } from '../util/said-in.js';
import { WORKBOOK_WORDS } from './workbook-error-words-ko.js';

// What an upload says of its input and its flags when it cannot go on (a CSV with a quote left open, a
// JSON array not closed, a preset of another kind, a --columns mapping it cannot use, the report over
// the input, a rewards date that is no date), in Korean: at a Korean terminal (cli/error-words.ts says
// every line of an error through these and its own) and on the Korean page, where it has no words of
// its own for an error.

/** The kinds of records as the English says them in the plural, in Korean. */
const KINDS: Readonly<Record<string, string>> = { orders: '주문', products: '상품', shipments: '송장' };
const kindKo = (kind: string): string => KINDS[kind] ?? kind;

/** Where a mapping was given: `--columns file 열.json` is `--columns 파일 열.json`. */
const whereKo = (where: string): string => where.replace(/^--columns file /, '--columns 파일 ');

/** Why a text is no `YYYY-MM-DD` date (contract/dates.ts), in Korean. */
const DATE_REASONS: Readonly<Record<string, string>> = {
  'input is too short': '너무 짧습니다',
  'unexpected extra characters at the end of the input': '끝에 남는 글자가 있습니다',
  'invalid character in year': '연도에 숫자가 아닌 글자가 있습니다',
  'invalid character in month': '월에 숫자가 아닌 글자가 있습니다',
  'invalid character in day': '일에 숫자가 아닌 글자가 있습니다',
  'invalid date separator, expected `-`': '구분자는 -여야 합니다',
  'month value is outside expected range of 1-12': '월은 1에서 12 사이여야 합니다',
  'day value is outside expected range': '그 달에 없는 날입니다',
};

/** What the report would be written over (upload.ts), in Korean. */
const OVER: Readonly<Record<string, string>> = {
  'the input': '올리는 파일',
  'the --products catalog': '--products 상품 목록',
};

/** A whole line that is the same whatever the values, in Korean. */
const FIXED: Readonly<Record<string, string>> = {
  'Choose one with --preset NAME.': '--preset 이름으로 하나를 고르세요.',
  'give a file to read, or - to read standard input': '읽을 파일을 주거나, 표준 입력을 읽으려면 -를 주세요',
  'Split it into smaller files (by date, or by marketplace) and upload each.':
    '날짜나 마켓별로 작은 파일로 나누어 하나씩 올리세요.',
  'Give the report a name of its own, such as report.csv.': '보고서에는 report.csv처럼 따로 이름을 주세요.',
  'give --name, --image-url or both': '--name이나 --image-url, 또는 둘 다 주세요',
  '--report - writes the report to standard output, where --json writes its lines':
    '--report -는 보고서를 표준 출력에 쓰는데, 그곳에는 --json이 결과를 씁니다',
  'With --json, the record lines on standard output are the report; or give --report a file.':
    '--json을 쓰면 표준 출력의 결과 줄이 곧 보고서입니다. 아니면 --report에 파일을 주세요.',
  '--password-stdin reads standard input, which is already the input; give the workbook as a file':
    '--password-stdin은 표준 입력을 읽는데, 표준 입력은 이미 올릴 파일입니다. 엑셀 파일은 파일로 주세요',
  'give at least one product id': '상품 번호를 하나 이상 주세요',
  'the product id is empty': '상품 번호가 비어 있습니다',
  '--products needs a file; standard input is the orders':
    '--products에는 파일을 주세요. 표준 입력은 주문 파일입니다',
  'there is no standard output to write the report to': '보고서를 쓸 표준 출력이 없습니다',
  'stopped while waiting for the ledger': '업로드 기록을 기다리다가 멈췄습니다',
  'Wait for it to finish, then run this command again.': '그 업로드가 끝난 뒤 이 명령을 다시 실행하세요.',
  'Records in flight are sent again by the next run; nothing is lost.':
    '보내던 것은 다음 실행이 다시 보냅니다. 잃는 것은 없습니다.',
};

export const INPUT_WORDS: readonly Words[] = [
  ...fixedWords(FIXED),
  ...WORKBOOK_WORDS,
  [
    /^(.+) must hold a JSON object such as (\{.*\})$/,
    (m) => `${whereKo(m[1] ?? '')}에는 ${m[2]} 같은 JSON 객체가 있어야 합니다`,
  ],
  [
    /^(.+): "(.*)" must name a header, a list of headers to join, or \{"any": \[headers\]\}$/,
    (m) =>
      `${whereKo(m[1] ?? '')}: "${m[2]}"에는 머리글 하나, 이어 붙일 머리글 목록, 또는 {"any": [머리글들]}을 주세요`,
  ],
  [
    /^(.+): "(.*)" is not a column of this layout$/,
    (m) => `${whereKo(m[1] ?? '')}: "${m[2]}"은(는) 이 양식의 열이 아닙니다`,
  ],
  [/^Columns: (.+)$/, (m) => `열: ${m[1]}`],
  [/^--columns file (.+) is not JSON: (.+)$/, (m) => `--columns 파일 ${m[1]}은(는) JSON이 아닙니다: ${m[2]}`],
  [/^--columns: "(.*)" is not name=header$/, (m) => `--columns: "${m[1]}"은(는) 이름=머리글 모양이 아닙니다`],
  [/^there is no preset "(.*)"$/, (m) => `"${m[1]}"(이)라는 양식이 없습니다`],
  [
    /^the preset (\S+) is for (\w+), not (\w+)$/,
    (m) => `${m[1]} 양식은 ${kindKo(m[2] ?? '')} 파일용이고 ${kindKo(m[3] ?? '')} 파일용이 아닙니다`,
  ],
  [
    /^Presets for (\w+): (.+?)( \(intake columns list\))?$/,
    (m) => `${kindKo(m[1] ?? '')} 양식: ${m[2]}${m[3] ? ' (intake columns list)' : ''}`,
  ],
  [
    /^the upload ledger (.+) is damaged \((.+)\)$/,
    (m) => `업로드 기록 ${m[1]}이(가) 손상되었습니다 (${m[2]})`,
  ],
  [
    /^Run: intake ledger repair {3}\(keeps every record it can still read, and sets the damaged file aside\)$/,
    () => '실행하세요: intake ledger repair   (읽을 수 있는 기록은 모두 남기고, 손상된 파일은 옆에 둡니다)',
  ],
  [
    /^or: {2}intake ledger clear --force {3}\(starts an empty ledger; the damaged file is set aside too\)$/,
    () => '또는:  intake ledger clear --force   (빈 기록으로 시작합니다. 손상된 파일은 이때도 옆에 둡니다)',
  ],
  [
    /^another upload is using the ledger(.*)$/,
    (m) => `다른 업로드가 업로드 기록을 쓰고 있습니다${m[1] ?? ''}`,
  ],
  [
    /^(.+): row (\d+) is over (\d+) MB; is a quote left open\?$/,
    (m) => `${m[1]}: ${m[2]}행이 ${m[3]}MB를 넘습니다. 닫히지 않은 따옴표(")가 있지 않나요?`,
  ],
  [
    /^(.+) is not valid CSV(?: \(near line (\d+)\))?: (.+)$/,
    (m) =>
      `${m[1]}은(는) 올바른 CSV가 아닙니다${m[2] ? ` (${m[2]}번째 줄 근처)` : ''}: ${
        /^Quote Not Closed/.test(m[3] ?? '') ? '따옴표(")가 닫히지 않았습니다' : m[3]
      }`,
  ],
  [
    /^(.+): unexpected text after the closing \] of the array$/,
    (m) => `${m[1]}: 배열을 닫는 ] 뒤에 글자가 더 있습니다`,
  ],
  [/^(.+) is not a JSON array$/, (m) => `${m[1]}은(는) JSON 배열이 아닙니다`],
  [/^(.+): the JSON array is not closed with \]$/, (m) => `${m[1]}: JSON 배열이 ]로 닫히지 않았습니다`],
  [
    /^(.+) is (\S+ [KMG]?B); at most (\S+ [KMG]?B) is read$/,
    (m) => `${m[1]}은(는) ${m[2]}입니다. ${m[3]}까지만 읽습니다`,
  ],
  [
    /^(.+) holds a JSON (null|number|string|boolean), not an object or a list of them$/,
    (m) =>
      `${m[1]}에는 JSON 객체나 그 목록이 아니라 ${{ null: 'null', number: '숫자', string: '문자열', boolean: 'true/false' }[m[2] ?? ''] ?? m[2]} 값 하나만 있습니다`,
  ],
  [
    /^(.+) is not JSON: it starts with "(.*)"$/,
    (m) => `${m[1]}은(는) JSON이 아닙니다: "${m[2]}"(으)로 시작합니다`,
  ],
  [
    /^--report (.+) is (the input|the --products catalog): the report would be written over it$/,
    (m) => `--report ${m[1]}은(는) ${OVER[m[2] ?? '']}입니다: 보고서가 그 위에 덮어쓰입니다`,
  ],
  [
    /^the (order|product) id is empty; nothing was sent$/,
    (m) => `${KINDS[`${m[1]}s`]} 번호가 비어 있습니다. 아무것도 보내지 않았습니다`,
  ],
  [
    /^the (order|product) id is (\d+) characters long; the service's ids have at most (\d+)$/,
    (m) => `${KINDS[`${m[1]}s`]} 번호가 ${m[2]}자입니다. 서비스의 번호는 ${m[3]}자까지입니다`,
  ],
  [
    /^give either a file or (--\S+), not both$/,
    (m) => `파일이나 ${m[1]} 중 하나만 주세요. 둘 다 줄 수는 없습니다`,
  ],
  [
    /^(.+) is one record; a push reads a dispatch sheet or a file of shipments$/,
    (m) => `${m[1]}은(는) 레코드 하나입니다. push는 발송 처리 시트나 송장 파일을 읽습니다`,
  ],
  [/^unknown marketplace "(.*)"$/, (m) => `알 수 없는 마켓입니다: "${m[1]}"`],
  [/^Marketplaces: (.+)$/, (m) => `마켓: ${m[1]}`],
  [
    /^(--[\w-]+): Input should be a valid date or datetime, (.+) \("(.*)"\)$/,
    (m) =>
      `${m[1]}: 올바른 날짜가 아닙니다. ${DATE_REASONS[m[2] ?? ''] ?? m[2]} ("${m[3]}"). 2026-11-22처럼 적으세요`,
  ],
  [
    /^(--[\w-]+) and (--[\w-]+) are the same date; give one of them$/,
    (m) => `${m[1]}과(와) ${m[2]}은(는) 같은 날짜입니다. 하나만 주세요`,
  ],
  [
    /^(--[\w-]+) (\S+) is later than (--[\w-]+) (\S+)$/,
    (m) => `${m[1]} ${m[2]}이(가) ${m[3]} ${m[4]}보다 늦습니다`,
  ],
];

/** An English line of an input's error in Korean, or as it is when these have no words for it. */
export const inputErrorKo = (line: string): string => saidIn(INPUT_WORDS, line) ?? line;
