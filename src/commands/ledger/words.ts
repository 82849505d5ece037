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
}

/** The words as stored, which a script reads in a pipe's rows whatever the terminal's language. */
export const ENGLISH: LedgerWords = {
  kind: (kind) => kind,
  recordState: (state) => state,
  uploadState: (state) => state,
  outcomes: (counts) => counts.map(([outcome, count]) => `${outcome} ${count}`).join(', '),
  message: (_kind, _state, message) => message,
  ledgerAt: (path) => `Ledger: ${path}`,
};

const KOREAN: LedgerWords = {
  kind: (kind) => KIND_KO[kind] ?? kind,
  recordState: (state) => (state === 'sending' ? '보내는 중' : outcomeKo(state)),
  uploadState: (state) => UPLOAD_STATE_WORDS[state as keyof typeof UPLOAD_STATE_WORDS]?.ko ?? state,
  outcomes: (counts) => counts.map(([outcome, count]) => `${outcomeKo(outcome)} ${count}`).join(', '),
  message: (kind, state, message) => (message === null ? null : recordMessageKo(kind, state, message)),
  ledgerAt: (path) => `업로드 기록 파일: ${path}`,
};

export const ledgerWords = (f: Factory): LedgerWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
