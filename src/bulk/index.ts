/**
 * The upload library's public face: what the front ends (the CLI's commands, `intake ui`, pull and push)
 * use of it; its errors are also at `bulk/errors.ts`, for code that tells them apart without loading
 * it. Nothing outside `src/bulk` imports another file inside it (a test keeps it so); inside, the stages
 * import in one direction: read → layout → check → send → report.
 */
export { runUpload, type UploadRequest, type UploadResult } from './upload.js';
export type {
  InputReading,
  RowDetail,
  SendProgress,
  StopRequests,
  UploadContext,
  UploadEvent,
  UploadLog,
} from './context.js';
export { sendingRate } from './context.js';
export { plainOptions, type UploadOptions } from './options.js';
export { UploadError, type UploadErrorCode } from './errors.js';
export { RESOURCES, type Resource, type ResourceName } from './resources.js';
export type { ReportLine, Outcome } from './outcome.js';
export type { Tally } from './tally.js';
export { describeProblems, problemFromIssue, type ColumnNames, type Problem } from './problems.js';
export {
  columnNamesOf,
  headerAt,
  headerOf,
  positionsOf,
  withColumnLetter,
  type ColumnPlaces,
} from './layout/column-names.js';
export type { Note, Said } from './said.js';
export { NOTHING_SHIPPED } from './report/summary.js';
export { koreanUnit } from './unit-words.js';
export {
  KIND_KO,
  KOREAN_LINES,
  OUTCOME_WORDS,
  outcomeKo,
  recordMessageKo,
  noteIn,
  problemIn,
  problemsIn,
  REASON_COLUMN,
  sayIn,
  terminalLang,
  UPLOAD_STATE_WORDS,
} from './said-words.js';
export { invalidReasonIn } from './said-reasons.js';
export {
  failureIn,
  networkReasonIn,
  refusalIn,
  rejectionIn,
  serviceTextIn,
  withoutLabel,
} from '../client/answer-words.js';

export {
  FLAGS_LABEL,
  INPUT_FORMATS,
  MAX_INPUT_BYTES,
  openFile,
  openInput,
  planInput,
  STDIN_LABEL,
} from './read/source.js';
export type { InputFormat, InputPlan, InputSource } from './read/source.js';
export { encodingLabel } from './read/encoding.js';
export { workbookTabs, type WorkbookTabs } from './read/xlsx/sheets.js';
export type { PasswordSource } from './read/xlsx/workbook.js';

export { isLayoutName, presetFromJson, presets, type LayoutToSave, type Preset } from './layout/presets.js';
export { LAYOUT_COLUMNS, type ColumnHelp } from './layout/layout-columns.js';
export { headerAddress, headerKey, readColumnMapping } from './layout/columns.js';
export { joinedValues } from './layout/joined-lines.js';
export { columnName } from './read/xlsx/cell-ref.js';
export { tableLayout } from './layout/table-layouts.js';
export type { TableInfo } from './layout/table-units.js';
export { detectKind, topRows, writeFixedCopy } from './layout/inspect-input.js';
export { lockedCopyWriter } from './report/locked-copy.js';
export { joinedLineId, likelyHeader } from './layout/guess.js';
export { readCatalog, readCatalogFile, type CatalogFile } from './layout/catalog.js';

export {
  reportJson,
  rejectsFileName,
  rejectsRound,
  RejectsFile,
  type RejectsExtension,
  type RejectsShape,
} from './report/report.js';

export {
  Ledger,
  type LedgerState,
  type LedgerTarget,
  type RecordKind,
  type UploadEntry,
} from './ledger/ledger.js';
export { LedgerLock, describeHolder } from './ledger/ledger-lock.js';
export { repairLedger, setLedgerAside } from './ledger/ledger-repair.js';
