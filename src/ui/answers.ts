import type { ReportLine, ResourceName } from '../bulk/index.js';
import type { Lang } from '../web/lang.js';

const KIND: Record<string, string> = { order: '주문', shipment: '송장', product: '상품' };
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

/** The service's refusals a page can word itself, by their English pattern. */
const REFUSALS: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [
    /^Order item '(.+)' already exists in order '(.+)'\.$/,
    (m) => `품목 ${m[1]}은(는) 이미 주문 ${m[2]}에 있습니다`,
  ],
  [/^Order '(.+)' already exists\.$/, (m) => `주문 ${m[1]}은(는) 이미 있습니다`],
  [/^Product '(.+)' already exists\.$/, (m) => `상품 ${m[1]}은(는) 이미 있습니다`],
  [/^Order '(.+)' not found\.$/, (m) => `주문 ${m[1]}을(를) 찾을 수 없습니다`],
  [/^Product '(.+)' not found\.$/, (m) => `상품 ${m[1]}을(를) 찾을 수 없습니다`],
  [/^Request body too large\.$/, () => '요청이 너무 큽니다'],
];

function refusalIn(message: string): string | undefined {
  for (const [pattern, words] of REFUSALS) {
    const match = pattern.exec(message);
    if (match) return words(match);
  }
  return undefined;
}

const fieldsIn = (lang: Lang, fields: readonly string[] | undefined) =>
  (fields ?? []).map((field) => (lang === 'ko' ? (FIELD[field] ?? field) : field)).join(', ');

/**
 * A result line's message as a page says it: the service's answers and the upload's words in the page's
 * language, and never a command-line flag (the page has buttons for what the terminal says to type).
 */
export function lineIn(lang: Lang, line: ReportLine, kind: ResourceName): string {
  const ko = lang === 'ko';
  const fromEarlierRun = line.message.startsWith('sent by an earlier run');
  switch (line.outcome) {
    case 'accepted':
      return ko ? `${KIND[kind] ?? ''} 등록 요청이 접수되었습니다 (곧 반영됩니다)` : line.message;
    case 'already_registered':
      if (fromEarlierRun)
        return ko
          ? '이전 업로드에서 같은 내용으로 이미 보냈습니다'
          : 'sent by an earlier upload with the same content';
      return ko ? '서비스에 같은 내용으로 이미 있습니다' : line.message;
    case 'changed':
      return ko
        ? `이전에 보낸 내용과 ${fieldsIn(lang, line.fields)}이(가) 다릅니다. "수정 내용 보내기"로 고칠 수 있습니다`
        : `${fieldsIn(lang, line.fields)} differ from what the service took earlier; "Send the corrections" sends what it allows`;
    case 'updated':
      return ko ? `수정 내용을 보냈습니다 (${fieldsIn(lang, line.fields)})` : line.message;
    case 'rejected': {
      if (!ko) return line.message;
      const words = refusalIn(line.message);
      return `서비스가 받지 않았습니다${line.status ? ` (HTTP ${line.status})` : ''}: ${words ?? line.message}`;
    }
    case 'failed':
      return ko
        ? `서비스 응답을 받지 못했습니다. 다시 보내면 없는 것만 보냅니다 (${line.message})`
        : line.message;
    case 'not_sent':
      return ko
        ? '멈춰서 보내지 않았습니다. 다시 보내면 이어서 보냅니다'
        : 'not sent: the upload stopped first; send again to go on';
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
