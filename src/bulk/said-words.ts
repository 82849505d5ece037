import { alternativesKo } from '../util/alternatives-ko.js';
import { describeProblems, type ColumnNames, type Problem } from './problems.js';
import { presets } from './layout/presets.js';
import type { Note, Said } from './said.js';
import { counting } from '../util/count.js';
import { cut } from '../util/cut.js';
import { notTakenIn, rejectionIn, withoutLabel } from '../client/answer-words.js';
import { MESSAGE_SHOWN } from './report/summary.js';
import { FLAGS_LABEL } from './read/source.js';
import type { UploadState } from './ledger/schema.js';
import { carrierListKo } from '../contract/carrier-list.js';
import { koreanUnit } from './unit-words.js';
import { KOREAN_SHARED_WORDS } from './report/shared-problems.js';
import { PHONE_KOREAN } from './said-phone-words.js';
import { EXCEL_KOREAN } from './said-excel-words.js';
import { num, str, type Values } from './said-values.js';
import { idInRowsKo, invalidReasonIn, tooLargeKo, tooManyRowsKo } from './said-reasons.js';

/** The languages people are told things in. */
export type Lang = 'ko' | 'en';

/** The kinds of record in Korean (주문, 송장, 상품): each ends in a final consonant, so 은, 을 and 이 follow. */
export const KIND_KO: Record<string, string> = { order: '주문', shipment: '송장', product: '상품' };
/**
 * What became of a record, in both languages: the page's labels (`outcome_…`) and the words a Korean
 * terminal uses for a record not taken.
 */
export const OUTCOME_WORDS = {
  outcome_accepted: { en: 'accepted', ko: '접수됨' },
  outcome_already_registered: { en: 'already registered', ko: '이미 등록됨' },
  outcome_changed: { en: 'changed', ko: '내용 다름' },
  outcome_updated: { en: 'updated', ko: '수정됨' },
  outcome_invalid: { en: 'invalid', ko: '오류' },
  outcome_rejected: { en: 'rejected', ko: '거부됨' },
  outcome_failed: { en: 'failed', ko: '실패' },
  outcome_not_sent: { en: 'not sent', ko: '안 보냄' },
  outcome_valid: { en: 'valid', ko: '정상' },
  outcome_duplicate: { en: 'repeated row', ko: '중복 행' },
  outcome_skipped: { en: 'no tracking number yet', ko: '송장번호 없음' },
} as const;

/** How an upload the ledger remembers ended (or that it is under way), in both languages. */
export const UPLOAD_STATE_WORDS = {
  running: { en: 'sending', ko: '보내는 중' },
  finished: { en: 'finished', ko: '완료' },
  stopped: { en: 'stopped', ko: '멈춤' },
  failed: { en: 'failed', ko: '실패' },
} as const satisfies Record<UploadState, { en: string; ko: string }>;

/** An outcome in Korean (`rejected`: 거부됨), or as it is when there are no words for it. */
export const outcomeKo = (outcome: string): string =>
  (OUTCOME_WORDS as Record<string, { ko: string } | undefined>)[`outcome_${outcome}`]?.ko ?? outcome;

/**
 * What the service answered a record, in Korean, where the words are the same on a page and at a
 * terminal: a create queued, one the service already had, a refusal and a failure in the service's own
 * words; anything else as it came.
 */
export function recordMessageKo(kind: string, outcome: string, message: string): string {
  switch (outcome) {
    case 'accepted':
      return `${KIND_KO[kind] ?? ''} 등록 요청이 접수되었습니다 (곧 반영됩니다)`;
    case 'already_registered':
      return message.startsWith('sent by an earlier run')
        ? '이전 업로드에서 같은 내용으로 이미 보냈습니다'
        : '서비스에 같은 내용으로 이미 있습니다';
    default:
      return notTakenIn('ko', outcome, message);
  }
}

/** The preset a note names (`v.preset`), for its titles. */
const presetOf = (v: Values) => presets().find((candidate) => candidate.name === v.preset);

/**
 * Korean for what the check says, by the code of what it said: the problems of a row and the notes of
 * the check. English is the text the upload gave (the terminal's own words); a code with no Korean
 * here is shown in those words.
 */
const KOREAN: Readonly<Record<string, (values: Values) => string>> = {
  // Problems of a cell or a row.
  missing: () => '값이 없습니다',
  empty: () => '비어 있습니다',
  name_or_image: () => '상품명도 이미지 주소도 없습니다',
  string_too_short: (v) => `${num(v.min_length)}자 이상이어야 합니다`,
  string_too_long: (v) => `${num(v.max_length)}자를 넘을 수 없습니다`,
  too_short: (v) => `항목이 ${num(v.min_length)}개 이상이어야 합니다`,
  too_long: (v) => `항목은 ${num(v.max_length)}개까지입니다 (지금 ${num(v.actual_length)}개)`,
  url_parsing: () => '올바른 URL이 아닙니다: http:// 또는 https://로 시작하는 전체 주소를 적으세요',
  url_space_inside: () => '주소 안에 띄어쓰기가 있습니다. 띄어쓰기 없이 적으세요 (주소의 띄어쓰기는 %20)',
  url_space_around: () => '주소 앞이나 뒤에 띄어쓰기가 있습니다. 지우세요',
  url_no_scheme: (v) => `주소 앞에 https://가 없습니다 (${str(v.suggested)}?)`,
  url_no_host: () => '주소에 사이트 이름(도메인)이 없습니다. https:// 다음에 도메인을 적으세요',
  nul_character: () => '보이지 않는 NUL 문자가 들어 있습니다. 지우고 다시 적으세요',
  string_unicode: () =>
    '깨진 글자(짝이 없는 유니코드 서로게이트)가 들어 있습니다. 그 글자를 지우고 다시 적으세요',
  url_scheme: () => 'URL은 http:// 또는 https://로 시작해야 합니다',
  enum: (v) => `${alternativesKo(str(v.expected))} 중 하나여야 합니다`,
  string_type: () => '텍스트여야 합니다',
  int_type: () => '정수여야 합니다',
  float_type: () => '숫자여야 합니다',
  bool_type: () => 'true 또는 false여야 합니다',
  list_type: () => '목록이어야 합니다',
  ...EXCEL_KOREAN,
  missing_product_data: (v) =>
    `상품 ${str(v.product)}의 ${v.field === 'name' ? '상품명이' : '이미지 주소가'} 없고, 상품 목록에도 없습니다. ` +
    '"상품명이나 이미지가 없는 상품"에 한 번 넣으면 다음부터 기억합니다',
  order_not_found: (v) =>
    `주문번호가 없고, 여기서 보낸 주문 중 품목 ${str(v.item)}이(가) 있는 주문이 없습니다. ` +
    '주문번호 열을 추가하거나 주문을 먼저 올리세요',
  items_of_several_orders: (v) =>
    `주문번호가 없고, 품목들이 서로 다른 주문(${str(v.orders)})에 속합니다. 송장 하나는 주문 하나의 것입니다`,
  ambiguous_carrier: (v) =>
    `어느 택배사인지 알 수 없습니다 (${str(v.candidates)}). 배송한 택배사의 코드를 적으세요`,
  unknown_carrier: (v) =>
    `알 수 없는 택배사입니다` + (v.closest ? ` (비슷한 택배사: ${str(v.closest)})` : ''),
  order_rows_differ: (v) =>
    `같은 주문의 모든 행에서 같아야 하는데 다릅니다: ${rowList(v.rows, (row) => `${row}행`)}` +
    (v.more === undefined ? '' : ` 외 ${num(v.more)}개 행`),
  order_rows_differ_from: (v) => `같은 주문의 ${num(v.row)}행과 회원 또는 수취인 정보가 다릅니다`,
  ...PHONE_KOREAN,
  id_repeated: (v) => `같은 번호가 ${num(v.row)}행에도 있고, 내용이 다릅니다`,
  self_tracking: () => '택배사가 self(직접 배송)이면 운송장 번호도 self여야 합니다',
  item_listed_twice: (v) => `품목 번호 ${str(v.item)}이(가) 두 번 이상 있습니다`,
  unknown_keys: (v) => `이 자리에 올 수 없는 키입니다: ${str(v.keys)}`,
  item_twice: (v) => `품목 번호 ${str(v.item)}이(가) 이 주문에 두 번 있습니다`,
  item_in_other_order: (v) => `품목 번호 ${str(v.item)}을(를) 다른 주문(${num(v.row)}행)도 쓰고 있습니다`,
  too_many_rows: (v) => tooManyRowsKo(v.count, num(v.max), true),
  parcel_shared: (v) =>
    `${num(v.row)}행의 다른 주문과 운송장 번호가 같습니다. 한 상자에 함께 보낸 주문이 아니면 확인하세요`,
  id_in_rows: (v) => idInRowsKo(v.count),
  record_too_large: (v) => tooLargeKo(str(v.size)),
  rounded_ids: () =>
    '16자리 이상이고 0으로 끝납니다. 이 열의 다른 번호도 모두 그렇습니다: 스프레드시트 프로그램이 유효숫자 15자리로 ' +
    '반올림해서(엑셀과 리브레오피스는 그 이상 보관하지 않습니다) 원래 번호를 잃었습니다. 파일을 다시 내려받아, ' +
    '저장하기 전에 이 열의 서식을 텍스트로 지정하세요 (또는 내려받은 파일을 그대로 올리세요)',
  formula_without_value: (v) =>
    `${str(v.cell)} 셀은 결과 없이 저장된 수식이라 보낼 값이 없습니다. ` +
    '스프레드시트 프로그램에서 파일을 열어 저장하거나, 값으로 내보내세요',
  not_json: (v) => `JSON 형식이 아닙니다 (${num(v.line)}번째 줄, ${num(v.column)}번째 글자)`,
  too_deep: (v) => `${num(v.depth)}단계보다 깊이 중첩되어 있습니다`,

  // Notes of the check.
  reading_sheet: (v) =>
    `${str(v.file)}의 "${str(v.sheet)}" 시트를 읽습니다` +
    (v.reason === 'active'
      ? ' (파일을 열면 보이는 시트)'
      : v.reason === 'first-visible'
        ? ' (처음 보이는 시트)'
        : '') +
    '.',
  header_row: (v) => `머리글은 ${num(v.row)}행입니다. 그 위의 ${num(v.skipped)}개 행은 건너뛰었습니다.`,
  // A page names no layout by its id: its own list of layouts shows their titles.
  preset_found: (v) => `${presetOf(v)?.titleKo ?? str(v.preset)} 파일의 머리글입니다. 그 양식으로 읽습니다.`,
  encoding_found: (v) => `${str(v.file)} 파일은 UTF-8이 아니어서 ${str(v.encoding)} 인코딩으로 읽습니다.`,
  catalog_size: (v) => `상품 목록 파일: 상품 ${num(v.count)}개.`,
  single_invalid: (v) =>
    `${v.file === FLAGS_LABEL ? '옵션으로 준' : `${str(v.file)}의`} ${KIND_KO[str(v.kind)] ?? ''}이 올바르지 않아 아무것도 보내지 않았습니다:`,
  catalog_skipped: (v) =>
    `${str(v.file)}: 올바른 상품이 아닌 ${koreanUnit(str(v.unit))} ${num(v.count)}개를 건너뛰었습니다:`,
  catalog_skipped_more: (v) => `  … 외 ${num(v.count)}개`,
  saved_layout_found: (v) => `저장한 양식 ${str(v.layout)}의 머리글과 같습니다. 그 양식으로 읽습니다.`,
  warnings: (v) =>
    `정상이지만 확인이 필요한 ${koreanUnit(str(v.unit))} ${num(v.count)}개가 있습니다 (그대로 보냅니다).`,
  ledger_wait: () => '다른 업로드가 끝나기를 기다리는 중입니다.',
  aborting_in_flight: () => '보내는 중인 요청을 끊습니다.',
  failing_in_a_row: (v) =>
    `서비스가 ${KIND_KO[str(v.kind)] ?? ''} ${num(v.count)}건을 연달아 재시도 끝에 실패했습니다: 멈춥니다.`,
  stopping_in_flight: (v) =>
    `멈추는 중: 보내는 중인 요청 ${num(v.count)}건을 마칩니다. Ctrl-C를 한 번 더 누르면 끊습니다.`,
  check_summary: (v) => {
    const unit = koreanUnit(str(v.unit));
    const parts = [
      `${str(v.file)}: ${num(v.units)}${unit}에서 ${KIND_KO[str(v.kind)] ?? ''} ${num(v.records)}건`,
      Number(v.invalid) > 0 ? `잘못된 것 ${num(v.invalid)}건` : '모두 올바름',
    ];
    if (Number(v.repeated) > 0) parts.push(`반복된 ${unit} ${num(v.repeated)}개 건너뜀`);
    if (Number(v.unshipped) > 0)
      parts.push(`운송장 번호가 없는 ${unit} ${num(v.unshipped)}개 건너뜀 (아직 발송 전)`);
    return parts.join(', ');
  },
  // What a send ends with.
  done: (v) => {
    const network = [
      Number(v.retries) > 0 ? `재시도 ${num(v.retries)}번` : '',
      Number(v.lost) > 0 ? `돌아오지 않은 응답 ${num(v.lost)}건` : '',
      Number(v.throttled) > 0 ? `서비스 요청으로 ${num(v.throttled)}번 속도를 늦춤` : '',
    ].filter(Boolean);
    return (
      `${str(v.duration)} 만에 ${Number(v.checked) ? '검사를 마쳤습니다' : '끝났습니다'}` +
      (Number(v.rate) > 0 ? ` (초당 ${num(v.rate)}건)` : '') +
      (Number(v.earlier) > 0
        ? `. 이전 실행에서 이미 등록된 ${KIND_KO[str(v.kind)] ?? ''} ${num(v.earlier)}건`
        : '') +
      (network.length > 0 ? `. ${network.join(', ')}` : '') +
      '.'
    );
  },
  updated: (v) =>
    v.kind === 'shipment'
      ? `택배사나 운송장 번호를 고친 송장 ${num(v.count)}건을 보냈습니다. 구매자 ${num(v.renotified)}명에게 다시 알립니다.`
      : `${KIND_KO[str(v.kind)] ?? ''} ${num(v.count)}건을 PATCH로 고쳤습니다.`,
  cannot_change: (v) =>
    `이미 있는 ${KIND_KO[str(v.kind)] ?? ''}의 ${str(v.fields)}은(는) 서비스에서 바꿀 수 없습니다.`,
  dry_run: () => '시험 실행: 아무것도 보내지 않았습니다.',
  nothing_shipped: () =>
    '운송장 번호가 있는 행이 없습니다. 발송한 상품마다 운송장 번호(와 택배사)를 채운 뒤 파일을 다시 올리세요.',
  not_taken: (v) => `서비스가 받지 않은 ${KIND_KO[str(v.kind)] ?? ''} ${num(v.count)}건:`,
  not_taken_record: (v) =>
    `  ${str(v.rows)}${koreanUnit(str(v.unit))}, ${str(v.id)} (${outcomeKo(str(v.outcome))}` +
    `${v.status === '' ? '' : `, HTTP ${str(v.status)}`}): ` +
    cut(notTakenIn('ko', str(v.outcome), str(v.message)), MESSAGE_SHOWN),
  not_taken_more: (v) =>
    v.report
      ? `  … 외 ${num(v.count)}건 (모두 ${str(v.report)}에 있습니다)`
      : `  … 외 ${num(v.count)}건: --report 파일에 하나씩 적힙니다`,
  carrier_not_listed: (v) =>
    `company_code "${str(v.code)}"은(는) ${carrierListKo(str(v.source))}에 없지만, 이 코드의 송장도 그대로 보냅니다`,
  damaged_ids: (v) =>
    `${num(v.count)}개 ${koreanUnit(str(v.unit))}의 ${v.kind === 'order' ? '주문번호' : '상품 ID'}가 엑셀에서 지수 표기의 숫자나 날짜로 ` +
    `바뀌어 있습니다 (${str(v.example)} 같은). 원래 번호를 알 수 없어 어느 ${koreanUnit(str(v.unit))}이 같은 ` +
    `${v.kind === 'order' ? '주문' : '상품'}인지 알 수 없으므로 하나씩 따로 검사합니다. 마켓에서 받은 파일을 그대로 올리거나, ` +
    '엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요.',
  masked_members: (v) =>
    `${num(v.count)}개 행의 구매자 ID가 가려져 있습니다 (${str(v.example)} 같은). 누구인지 알 수 없으므로 이 주문들은 ` +
    '회원 ID 없이 비회원 주문으로 보냅니다 (리뷰 적립금이 쌓이지 않습니다).',
};

/**
 * English for what the terminal says with its own commands and flags (`--products`, `intake carriers`):
 * a page has its own buttons for those, and never shows a flag.
 */
const ENGLISH: Readonly<Record<string, (values: Values) => string>> = {
  nul_character: () => 'contains an invisible NUL character, which the service refuses: remove it',
  missing_product_data: (v) =>
    `product ${str(v.product)} has no ${v.field === 'name' ? 'name' : 'image address'} here or in the product list: give it once under "Products without a name or image", and it is remembered`,
  unknown_carrier: (v) =>
    `is not a carrier Intake knows` + (v.closest ? ` (closest: ${str(v.closest)})` : ''),
  order_rows_differ: (v) =>
    `must be the same in every row of this order, and is not: ${rowList(v.rows, (row) => `row ${row}`)}` +
    (v.more === undefined ? '' : `, and ${counting(Number(v.more), 'more row')}`),
  preset_found: (v) =>
    `These are the headers of ${presetOf(v)?.title ?? str(v.preset)}: read with that layout.`,
  reading_sheet: (v) =>
    `Reading the sheet "${str(v.sheet)}" of ${str(v.file)}` +
    (v.reason === 'active'
      ? ' (the one it opens on)'
      : v.reason === 'first-visible'
        ? ' (its first visible one)'
        : '') +
    '.',
  encoding_found: (v) => `${str(v.file)} is not UTF-8: it is read as ${str(v.encoding)}.`,
  catalog_size: (v) => `Product list file: ${counting(Number(v.count), 'product')}.`,
  ledger_wait: () => 'Waiting for another upload to finish.',
};

/** `row 47 "010-8570-424", row 48 "…"`: the rows of a disagreement (given as JSON), each named by `name`. */
function rowList(value: string | number | undefined, name: (row: number) => string): string {
  try {
    const rows = JSON.parse(String(value)) as [number, string][];
    return rows.map(([row, raw]) => `${name(row)} "${raw}"`).join(', ');
  } catch {
    return str(value);
  }
}

/**
 * Korean for a terminal, where it differs from a page's: the terminal has commands and flags where a
 * page has buttons.
 */
const KOREAN_TERMINAL: Readonly<Record<string, (values: Values, text: string) => string>> = {
  preset_found: (v) =>
    `${presetOf(v)?.titleKo ?? str(v.preset)} 파일의 머리글입니다. ${str(v.preset)} 양식으로 읽습니다 (다른 양식은 --preset).`,
  rejects_file: (_v, text) =>
    text.replace(
      /^Rows to fix: (.*) \((the original columns plus "error"(, locked with the workbook's password)?|the original records plus an "error" field)\)\.$/,
      (_m, path: string, shape: string, locked: string | undefined) =>
        `고칠 행: ${path} (${shape.startsWith('the original records') ? '원래 레코드에 "error" 필드를 더함' : `원래 열에 "${REASON_COLUMN.ko}" 열을 더함`}` +
        `${locked ? ', 원래 파일과 같은 비밀번호로 잠금' : ''}).`,
    ),
  run_again: (v, text) => {
    const kind = KIND_KO[str(v.kind)] ?? '';
    switch (v.step) {
      case 'failed':
        return `${kind} ${num(v.count)}건은 서비스의 확실한 응답을 받지 못했습니다. 같은 명령을 다시 실행하세요. 서비스에 없는 것만 보냅니다.`;
      case 'continue':
        return Number(v.stdin)
          ? '이어서 보내려면 같은 입력을 다시 보내세요. 서비스에 이미 있는 것은 다시 보내지 않습니다.'
          : `이어서 보내려면 같은 명령을 다시 실행하세요. 이미 보낸 ${kind}은 다시 보내지 않습니다.`;
      case 'update':
        return v.kind === 'shipment'
          ? '보내려면 같은 명령에 --update를 붙여 다시 실행하세요. 서비스가 배송 정보를 바꾸고 구매자에게 다시 알립니다.'
          : `${str(v.fields)}을(를) PATCH로 보내려면 같은 명령에 --update를 붙여 다시 실행하세요.`;
      default:
        return text.replace(/^After fixing them: /, '고친 뒤: ').replace(/^Then: /, '그다음: ');
    }
  },
  report_file: (_v, text) => text.replace(/^Report: /, '보고서: '),
  all_or_nothing: (v) =>
    `--all-or-nothing: 잘못된 ${KIND_KO[str(v.kind)] ?? ''} ${num(v.count)}건이 있어 아무것도 보내지 않습니다.`,
  rejects_kept: (v) => `${str(v.file)}은(는) intake가 쓴 뒤에 고쳐져서 그대로 두었습니다.`,
  held_back: (v) =>
    `아무것도 보내지 않았습니다 (--all-or-nothing). ${str(v.file)}의 잘못된 행을 고친 뒤 ` +
    `(각 행과 사유는 ${str(v.rejects)}에 있습니다) 같은 명령을 다시 실행하세요.`,
  changed: (v) =>
    `${KIND_KO[str(v.kind)] ?? ''} ${num(v.count)}건이 서비스가 이전에 받은 것과 다릅니다: ${str(v.named)}` +
    (Number(v.more) > 0 ? ` 외 ${num(v.more)}건` : '') +
    '.',
  // An invalid record's problems were said above it, each in Korean: its outcome says no more.
  single_outcome: (v) =>
    v.outcome === 'invalid'
      ? `${outcomeKo('invalid')}: 위의 문제로 보내지 않았습니다.`
      : v.outcome === 'changed'
        ? `${outcomeKo('changed')}: 서비스가 이전에 받은 것과 ${str(v.fields)}이(가) 다릅니다.`
        : `${outcomeKo(str(v.outcome))}: ${notTakenIn('ko', str(v.outcome), str(v.message))}` +
          (v.status === '' ? '' : ` (HTTP ${str(v.status)})`),
  missing_product_data: (v) =>
    `상품 ${str(v.product)}의 ${v.field === 'name' ? '상품명이' : '이미지 주소가'} 없고, 상품 목록에도 없습니다. ` +
    `intake catalog set ${str(v.product)} --${v.field === 'name' ? 'name' : 'image-url'} …로 한 번 넣거나, --products 파일(id, name, image_url)을 주세요`,
  unknown_carrier: (v) =>
    `${carrierListKo(str(v.source))}에 없는 택배사입니다` +
    (v.closest ? ` (비슷한 택배사: ${str(v.closest)})` : '') +
    '. 목록: intake carriers',
};

/** Where words are shown: a page (its own buttons), or a terminal (its commands and flags). */
export type Where = 'page' | 'terminal';

/** What was said, in `lang`: Korean where there are words for it here, else the text as it was given. */
export function sayIn(lang: Lang, text: string, said: Said | undefined, where: Where = 'page'): string {
  // As given: a terminal's as the service said it, a page's without its framework's label.
  const asGiven = where === 'page' ? withoutLabel(text) : text;
  if (said === undefined || (where === 'terminal' && lang === 'en')) return asGiven;
  const terminal = where === 'terminal' && lang === 'ko' ? KOREAN_TERMINAL[said.code] : undefined;
  if (terminal) return terminal(said.values ?? {}, text);
  const words = (lang === 'ko' ? KOREAN : ENGLISH)[said.code];
  return words ? words(said.values ?? {}) : asGiven;
}

export { terminalLang } from '../util/terminal-lang.js';

/** The header of the rows to fix' column of reasons, as the page names it ("Why"); `error` in English. */
export const REASON_COLUMN: Readonly<Record<Lang, string>> = { en: 'error', ko: '사유' };

/** Problem lines in Korean, for a terminal. */
export const KOREAN_LINES = {
  lang: 'ko' as const,
  unit: (unitName: string, unit: number) => `${unit}${koreanUnit(unitName)}`,
  problem: (problem: Problem) => sayIn('ko', problem.message, problem.said, 'terminal'),
  more: (unitName: string, count: number, warned: boolean) =>
    warned
      ? `… 외 ${koreanUnit(unitName)} ${count}개 (모두 보려면 --verbose)`
      : `… 외 문제가 있는 ${koreanUnit(unitName)} ${count}개`,
  shared: KOREAN_SHARED_WORDS,
  reason: (text: string, problemsOfRow: (row: number) => string | undefined) =>
    invalidReasonIn('ko', text, problemsOfRow),
  refusal: (message: string, status: number | undefined) => rejectionIn('ko', message, status),
  reasonColumn: REASON_COLUMN.ko,
};

/** A problem's words in `lang`. */
export const problemIn = (lang: Lang, problem: Problem) => sayIn(lang, problem.message, problem.said);

/** A note's words in `lang`. */
export const noteIn = (lang: Lang, note: Note) => sayIn(lang, note.text, note.said);

/** Problems said together (a row's reason), as the terminal says them, each in `lang`; `named` names columns. */
export const problemsIn = (lang: Lang, problems: readonly Problem[], named?: ColumnNames) =>
  describeProblems(problems, (problem) => problemIn(lang, problem), named, lang);
