import { OUTCOME_WORDS } from '../../bulk/index.js';
import type { Texts } from '../../web/i18n.js';

/** The texts of sending, its progress and its results. */
export const RESULTS = {
  sendTitle: { en: 'Send', ko: '보내기' },
  sendButton: { en: 'Send {count} {what}', ko: '{what} {count}건 보내기' },
  nothingToSend: { en: 'Nothing valid to send yet.', ko: '보낼 수 있는 항목이 아직 없습니다.' },
  allSentBefore: {
    en: 'Everything valid was sent before: sending again sends nothing twice.',
    ko: '정상 항목은 모두 이미 보냈습니다. 다시 보내도 중복해서 보내지 않습니다.',
  },
  invalidStay: {
    en: 'Invalid rows are not sent; they stay in the rows to fix.',
    ko: '오류가 있는 행은 보내지 않고 고칠 행 파일에 남습니다.',
  },
  waitingOther: {
    en: 'Waiting for another upload to finish: one upload sends at a time. It starts by itself.',
    ko: '다른 업로드가 끝나기를 기다리는 중입니다. 업로드는 한 번에 하나씩 보내며, 끝나면 저절로 시작합니다.',
  },
  sending: { en: 'Sending…', ko: '보내는 중…' },
  stopButton: { en: 'Stop', ko: '멈추기' },
  stopping: {
    en: 'Stopping: the requests already on their way finish. Press Stop again to abort them.',
    ko: '멈추는 중: 이미 보낸 요청은 마저 끝납니다. 다시 누르면 즉시 중단합니다.',
  },
  progressLabel: { en: 'Sent', ko: '보낸 양' },
  done: { en: 'done', ko: '완료' },
  left: { en: 'left', ko: '남음' },
  perSecond: { en: 'per second', ko: '초당' },
  retries: { en: 'retries', ko: '재시도' },
  slowedDown: { en: 'slow-downs', ko: '속도 조절' },
  notAccepted: { en: 'not accepted', ko: '접수 안 됨' },

  resultsTitle: { en: 'Results', ko: '결과' },
  resultFinished: { en: 'Finished: {done} of {total} done.', ko: '완료: {total}건 중 {done}건 처리.' },
  resultStopped: {
    en: 'Stopped: {done} of {total} done, {left} left. Resume to go on; nothing is sent twice.',
    ko: '멈춤: {total}건 중 {done}건 처리, {left}건 남음. 이어서 보내면 남은 것만 보내며, 이미 보낸 것은 다시 보내지 않습니다.',
  },
  resultFailed: {
    en: 'Failed: {done} of {total} done, {left} left.',
    ko: '실패: {total}건 중 {done}건 처리, {left}건 남음.',
  },
  ...OUTCOME_WORDS,
  outcome_dropped: { en: 'dropped by you', ko: '직접 뺌' },
  filterLabel: { en: 'Show', ko: '보기' },
  filterAll: { en: 'all', ko: '전체' },
  filterButton: { en: 'Filter', ko: '적용' },
  idHeader: { en: 'Id', ko: '번호' },
  outcomeHeader: { en: 'Outcome', ko: '결과' },
  messageHeader: { en: 'Message', ko: '내용' },
  fieldsHeader: { en: 'Differs in', ko: '다른 항목' },
  changedHint: {
    en: '{count} records differ from what the service took earlier. Send the changes it allows:',
    ko: '{count}건이 이전에 보낸 내용과 다릅니다. 서비스가 허용하는 수정 내용을 보내세요:',
  },
  changedHint_one: {
    en: '1 record differs from what the service took earlier. Send the changes it allows:',
    ko: '1건이 이전에 보낸 내용과 다릅니다. 서비스가 허용하는 수정 내용을 보내세요:',
  },
  updateButton: { en: 'Send the corrections', ko: '수정 내용 보내기' },
  updateDone: { en: 'Corrections sent.', ko: '수정 내용을 보냈습니다.' },
  failedHint: {
    en: '{count} records got no answer from the service. Send again: only what it does not have is sent.',
    ko: '{count}건은 서비스 응답을 받지 못했습니다. 다시 보내면 없는 것만 보냅니다.',
  },
  failedHint_one: {
    en: '1 record got no answer from the service. Send again: only what it does not have is sent.',
    ko: '1건은 서비스 응답을 받지 못했습니다. 다시 보내면 없는 것만 보냅니다.',
  },
  resendButton: { en: 'Send again', ko: '다시 보내기' },
  resumeSendButton: { en: 'Resume', ko: '이어서 보내기' },
  shownLines: {
    en: 'The first {count} lines are shown; the report has them all.',
    ko: '처음 {count}줄만 보입니다. 전체는 보고서에 있습니다.',
  },
  downloads: { en: 'Downloads', ko: '내려받기' },
  rejectsCsv: { en: 'Rows to fix (CSV)', ko: '고칠 행 (CSV)' },
  rejectsXlsx: { en: 'Rows to fix (Excel)', ko: '고칠 행 (엑셀)' },
  rejectsXlsxLocked: {
    en: 'Rows to fix (Excel, locked with the workbook’s password)',
    ko: '고칠 행 (엑셀, 원래 파일과 같은 비밀번호)',
  },
  rejectsNdjson: { en: 'Records to fix (NDJSON)', ko: '고칠 항목 (NDJSON)' },
  reportCsv: { en: 'Report (CSV)', ko: '보고서 (CSV)' },
  reportXlsxLocked: {
    en: 'Report (Excel, locked with the workbook’s password)',
    ko: '보고서 (엑셀, 원래 파일과 같은 비밀번호)',
  },
  keptUntil: {
    en: 'Kept until {date}; the uploaded file itself is {file}.',
    ko: '{date}까지 보관합니다. 올린 파일은 {file}.',
  },
  keptUntilPulled: { en: 'Kept until {date}.', ko: '{date}까지 보관합니다.' },
  fileKept: { en: 'kept until then (something is left to send)', ko: '그때까지 보관합니다 (보낼 것이 남음)' },
  fileGoneDone: { en: 'removed (everything was sent)', ko: '모두 보내서 지웠습니다' },
} as const satisfies Texts;
