import type { Factory } from '../../cli/factory.js';
import { KIND_KO, outcomeKo, recordMessageKo, terminalLang, UPLOAD_STATE_WORDS } from '../../bulk/index.js';

// What the ledger's commands show people in a terminal's table, and say beside it: in Korean at a
// Korean terminal, in the upload's and the page's words. JSON, CSV and a pipe's rows stay as stored.

export interface LedgerWords {
  kind: (kind: string) => string;
  /** A record's state (`sending`, or what became of it). */
  recordState: (state: string) => string;
  /** An upload's state. */
  uploadState: (state: string) => string;
  /** An upload's counts, `accepted 3, invalid 1`. */
  outcomes: (counts: readonly (readonly [string, number])[]) => string;
  /** What the service answered a record (none while it is being sent). */
  message: (kind: string, state: string, message: string | null) => string | null;
  ledgerAt: (path: string) => string;
  /** `ledger repair`: the file was sound; or set aside, and what was read kept. */
  sound: (path: string) => string;
  repaired: (setAside: string, path: string) => string;
  sentAgain: string;
  /** `ledger clear --force`: the file set aside, or none to clear. */
  setAside: (aside: string | undefined) => string;
  /** `ledger clear`: the question, the answer no, and what was forgotten (`kind` of records, or all). */
  forget: (kind: string | undefined, service: string, accessKeyId: string) => string;
  nothingCleared: string;
  forgot: (count: number, kind: string | undefined, service: string, accessKeyId: string) => string;
  /** `ledger list` and `ledger history` with nothing to list, for the service and credentials used. */
  noRecords: (service: string, accessKeyId: string) => string;
  noUploads: (service: string, accessKeyId: string) => string;
}

const records = (kind: string | undefined) => (kind ? `${kind}s` : 'records');

/** The words as stored, which a script reads in a pipe's rows whatever the terminal's language. */
export const ENGLISH: LedgerWords = {
  kind: (kind) => kind,
  recordState: (state) => state,
  uploadState: (state) => state,
  outcomes: (counts) => counts.map(([outcome, count]) => `${outcome} ${count}`).join(', '),
  message: (_kind, _state, message) => message,
  ledgerAt: (path) => `Ledger: ${path}`,
  sound: (path) => `The ledger ${path} is sound; nothing was changed.`,
  repaired: (setAside, path) =>
    `The damaged ledger was set aside as ${setAside}; what could be read is in ${path}.`,
  sentAgain:
    'Records it could not read are sent again by the next upload; the service answers that it has them, so nothing is sent twice.',
  setAside: (aside) =>
    aside
      ? `The ledger was set aside as ${aside}; the next upload starts an empty one (the service answers for what it already has).`
      : 'There is no ledger yet; nothing was cleared.',
  forget: (kind, service, accessKeyId) =>
    `Forget every ${records(kind).slice(0, -1)} sent to ${service} as ${accessKeyId}? (yes/no)`,
  nothingCleared: 'Nothing was cleared.',
  forgot: (count, kind, service, accessKeyId) =>
    `Forgot ${count} ${count === 1 ? records(kind).slice(0, -1) : records(kind)} sent to ${service} as ${accessKeyId}.`,
  noRecords: (service, accessKeyId) =>
    `No records sent to ${service} as ${accessKeyId} are in the ledger yet: an upload adds them.`,
  noUploads: (service, accessKeyId) => `No uploads to ${service} as ${accessKeyId} yet.`,
};

const KOREAN: LedgerWords = {
  kind: (kind) => KIND_KO[kind] ?? kind,
  recordState: (state) => (state === 'sending' ? '보내는 중' : outcomeKo(state)),
  uploadState: (state) => UPLOAD_STATE_WORDS[state as keyof typeof UPLOAD_STATE_WORDS]?.ko ?? state,
  outcomes: (counts) => counts.map(([outcome, count]) => `${outcomeKo(outcome)} ${count}`).join(', '),
  message: (kind, state, message) => (message === null ? null : recordMessageKo(kind, state, message)),
  ledgerAt: (path) => `업로드 기록 파일: ${path}`,
  sound: (path) => `업로드 기록 ${path}에 문제가 없습니다. 아무것도 바꾸지 않았습니다.`,
  repaired: (setAside, path) =>
    `손상된 업로드 기록을 ${setAside}(으)로 옮겨 두고, 읽을 수 있던 것을 ${path}에 남겼습니다.`,
  sentAgain:
    '읽지 못한 기록은 다음 업로드 때 다시 보냅니다. 서비스가 이미 있다고 답하므로 두 번 보내지는 것은 없습니다.',
  setAside: (aside) =>
    aside
      ? `업로드 기록을 ${aside}(으)로 옮겨 두었습니다. 다음 업로드는 빈 기록으로 시작합니다 (이미 있는 것은 서비스가 알려 줍니다).`
      : '아직 업로드 기록이 없습니다. 지운 것이 없습니다.',
  forget: (kind, service, accessKeyId) =>
    `${service}에 ${accessKeyId}(으)로 보낸 ${kind ? `${KIND_KO[kind] ?? kind} ` : ''}기록을 모두 잊을까요? (yes/no)`,
  nothingCleared: '지운 것이 없습니다.',
  forgot: (count, kind, service, accessKeyId) =>
    `${service}에 ${accessKeyId}(으)로 보낸 ${kind ? `${KIND_KO[kind] ?? kind} ` : ''}기록 ${count}건을 잊었습니다.`,
  noRecords: (service, accessKeyId) =>
    `${service}에 ${accessKeyId}(으)로 보낸 기록이 업로드 기록에 아직 없습니다. 업로드하면 생깁니다.`,
  noUploads: (service, accessKeyId) => `${service}에 ${accessKeyId}(으)로 보낸 업로드가 아직 없습니다.`,
};

export const ledgerWords = (f: Factory): LedgerWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
