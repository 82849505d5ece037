import {
  failureIn,
  headerOf,
  invalidReasonIn,
  recordMessageKo,
  networkReasonIn,
  problemsIn,
  refusalIn,
  rejectionIn,
  type ColumnNames,
  type ColumnPlaces,
  type Problem,
  type ReportLine,
  type ResourceName,
  withoutLabel,
} from '../bulk/index.js';
import type { RefusedRow } from './session.js';
import { ApiError, NetworkError } from '../client/errors.js';
import type { Lang } from '../web/lang.js';
import { own } from '../util/own.js';

const FIELD: Record<string, string> = {
  recipient_name: '수령인 이름',
  recipient_cellphone: '수령인 휴대폰',
  member_id: '회원 ID',
  name: '상품명',
  image_url: '이미지 주소',
  items: '품목',
  company_code: '택배사',
  tracking_number: '송장번호',
  order_item_ids: '품목',
};

/** The profile has no credentials to use (or its keychain cannot give the secret): the CLI's words in `message`. */
export class NoCredentials extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'NoCredentials';
  }
}

/** What went wrong with the service, as a page can word it in its language (see `troubleIn`). */
export type Trouble =
  | { code: 'unreachable'; values: { url: string; reason: string } }
  | { code: 'service_refused'; values: { status: number; detail: string } }
  | { code: 'no_credentials'; values: { detail: string } };

/** An error from asking the service, as a `Trouble`; undefined for any other error. */
export function troubleOf(error: unknown): Trouble | undefined {
  if (error instanceof NetworkError)
    return { code: 'unreachable', values: { url: error.url, reason: error.reason } };
  if (error instanceof ApiError)
    return { code: 'service_refused', values: { status: error.status, detail: error.message } };
  if (error instanceof NoCredentials) return { code: 'no_credentials', values: { detail: error.message } };
  return undefined;
}

/** A trouble in `lang`: Korean words for the client's and the service's English. */
export function troubleIn(lang: Lang, trouble: Trouble): string {
  const ko = lang === 'ko';
  switch (trouble.code) {
    case 'unreachable': {
      const { url, reason } = trouble.values;
      return ko
        ? `${url}에 연결할 수 없습니다: ${networkReasonIn(lang, reason)}`
        : `cannot reach ${url}: ${reason}`;
    }
    case 'service_refused': {
      const { status, detail } = trouble.values;
      if (!ko) return `${detail} (HTTP ${status})`;
      const words = refusalIn(detail) ?? detail;
      if (status === 401) return `서비스가 인증 정보를 받지 않았습니다: ${words}`;
      return status >= 500
        ? `서비스에 문제가 있습니다 (HTTP ${status}): ${words}`
        : `서비스가 요청을 받지 않았습니다 (HTTP ${status}): ${words}`;
    }
    case 'no_credentials':
      return ko
        ? '이 프로필의 인증 정보를 쓸 수 없습니다. 먼저 로그인하세요 (연결 상태 페이지 참고)'
        : trouble.values.detail;
  }
}

/** A field as people know it: the file's header where that names it otherwise, else in `lang`'s words. */
function fieldIn(lang: Lang, field: string, table: ColumnPlaces | undefined): string {
  const header = headerOf(table, field, lang);
  if (header !== undefined && header !== field) return header;
  return lang === 'ko' ? (own(FIELD, field) ?? field) : field;
}

/** The columns a shipment's item ids may come from: a list in one cell, or one id a row. */
const SAME_FIELD: Record<string, readonly string[]> = { order_item_ids: ['order_item_ids', 'order_item_id'] };

/**
 * A refusal whose issues name the field as the service does (`order_item_ids[0]: …`, each issue joined by
 * `; `), with each field named as the file's header does where it has a header of its own (`상품주문번호:
 * …`); the position in a list goes with it, since the row says which. `said` is the refusal as worded for
 * the page, `message` as the service gave it.
 */
function withFileColumns(said: string, message: string, table: ColumnPlaces | undefined, lang: Lang): string {
  let named = said;
  for (const part of message.split('; ')) {
    const loc = /^(?:body\.)?(([A-Za-z_]\w*)[\w.[\]]*): /.exec(part);
    if (!loc) continue;
    const field = loc[2] as string;
    const header = (SAME_FIELD[field] ?? [field])
      .map((column) => headerOf(table, column, lang))
      .find((name) => name !== undefined);
    if (header === undefined || header === field) continue;
    named = named.split(loc[0]).join(`${header}: `);
  }
  return named;
}

/** The fields a record differs in, as people know them (see `fieldIn`). */
export const fieldsIn = (lang: Lang, fields: readonly string[] | undefined, table?: ColumnPlaces) =>
  (fields ?? []).map((field) => fieldIn(lang, field, table)).join(', ');

/**
 * A result line's message as a page says it: the service's answers and the upload's words in the page's
 * language, and never a command-line flag (the page has buttons for what the terminal says to type).
 */
export function lineIn(lang: Lang, line: ReportLine, kind: ResourceName, table?: ColumnPlaces): string {
  const ko = lang === 'ko';
  const fromEarlierRun = line.message.startsWith('sent by an earlier run');
  switch (line.outcome) {
    case 'accepted':
      return ko ? recordMessageKo(kind, line.outcome, line.message) : line.message;
    case 'already_registered':
      if (ko) return recordMessageKo(kind, line.outcome, line.message);
      return fromEarlierRun ? 'sent by an earlier upload with the same content' : line.message;
    case 'changed':
      return ko
        ? `이전에 보낸 내용과 ${fieldsIn(lang, line.fields, table)}이(가) 다릅니다. "수정 내용 보내기"로 고칠 수 있습니다`
        : `${fieldsIn(lang, line.fields, table)} differ from what the service took earlier; "Send the corrections" sends what it allows`;
    case 'updated':
      return ko ? `수정 내용을 보냈습니다 (${fieldsIn(lang, line.fields, table)})` : line.message;
    case 'rejected':
      return withoutLabel(
        withFileColumns(rejectionIn(lang, line.message, line.status), line.message, table, lang),
      );
    case 'failed':
      return ko
        ? `서비스 응답을 받지 못했습니다: ${failureIn('ko', line.message)}. 다시 보내면 없는 것만 보냅니다`
        : line.message;
    case 'not_sent':
      return ko
        ? '멈춰서 보내지 않았습니다. 이어서 보내면 보냅니다'
        : 'not sent: the upload stopped first; resume to go on';
    case 'duplicate':
      return ko
        ? line.message.replace(/^repeats (row|line|record) (\d+)$/, '$2행과 똑같아 건너뜀')
        : line.message;
    case 'skipped':
      return ko ? '송장번호가 아직 없어 건너뜀 (발송 전)' : line.message;
    default:
      return line.message;
  }
}

/**
 * Why a row is among the rows to fix, in `lang`, for the file to download: its own problems with their
 * columns `named` as the file names them, else its record's reason (another row of it, or the service's
 * answer, its fields named as the file's `table` names them). `problemsOf` gives any refused row's
 * problems, for a reason that names that row.
 */
export function refusedReasonIn(
  lang: Lang,
  kind: ResourceName,
  named: ColumnNames,
  problemsOf: (row: number) => readonly Problem[] | undefined,
  row: RefusedRow,
  table?: ColumnPlaces,
): string {
  if (row.outcome === 'dropped') {
    return lang === 'ko' ? '페이지에서 뺐습니다 (보내지 않음)' : 'dropped on the page (not sent)';
  }
  if (row.problems.length > 0) return problemsIn(lang, row.problems, named);
  if (row.outcome === 'rejected') {
    const { row: at, record: id, status, reason: message } = row;
    return lineIn(lang, { rows: [at], id, outcome: 'rejected', status, message }, kind, table);
  }
  return invalidReasonIn(lang, row.reason, rowProblemsIn(lang, named, problemsOf));
}

/** A row's problems said in `lang` (for a reason that names the row), undefined when it has none. */
export const rowProblemsIn =
  (lang: Lang, named: ColumnNames, problemsOf: (row: number) => readonly Problem[] | undefined) =>
  (row: number): string | undefined => {
    const problems = problemsOf(row);
    return problems && problems.length > 0 ? problemsIn(lang, problems, named) : undefined;
  };
