import type { ReportLine } from '../outcome.js';
import type { ProblemWords } from '../problems.js';
import { emptyTally, type NotTaken } from '../tally.js';
import type { ReportFile, RejectsFile } from './report.js';
import type { Sent } from '../send/send.js';
import type { Unit } from '../layout/units.js';

/**
 * Outcomes whose rows go to the rejects file: those a person can fix in it. A `failed` or `not_sent`
 * record needs no fix (the same command sends it again), and a `changed` one needs `--update`.
 */
const REJECTED: ReadonlySet<string> = new Set(['invalid', 'rejected']);

/** How many changed records, and records the service did not take, are named one by one in the summary. */
const NAMED_IN_SUMMARY = 10;

/**
 * Keeps the records of the file's first rows among those not taken, in the order of their rows, whatever
 * order their answers came in.
 */
function keepFirstRows(kept: NotTaken[], record: NotTaken): void {
  const first = (entry: NotTaken) => entry.rows[0] ?? 0;
  if (kept.length === NAMED_IN_SUMMARY) {
    if (first(record) >= first(kept.at(-1) as NotTaken)) return;
    kept.pop();
  }
  const at = kept.findIndex((entry) => first(entry) > first(record));
  kept.splice(at === -1 ? kept.length : at, 0, record);
}

/** Where every line of an upload goes: the tally, the report, the rejects file and `--json` results. */
export class Outputs {
  readonly tally = emptyTally();
  report: ReportFile | undefined;
  rejects: RejectsFile | undefined;
  readonly #results: ((line: ReportLine, units: readonly Unit[]) => void) | undefined;
  /** How the rows to fix say a refusal of the service (another language); as it came by default. */
  readonly #refusal: ((message: string, status: number | undefined) => string) | undefined;

  constructor(
    results?: (line: ReportLine, units: readonly Unit[]) => void,
    words?: Pick<ProblemWords, 'refusal'>,
  ) {
    this.#results = results;
    this.#refusal = words?.refusal;
  }

  async add(line: ReportLine, units: readonly Unit[], reasonOf?: (unit: Unit) => string): Promise<void> {
    const { tally } = this;
    tally.outcomes[line.outcome] += 1;
    if (line.outcome === 'rejected' || line.outcome === 'failed') {
      const { rows, id, outcome, status, message } = line;
      keepFirstRows(tally.notTaken, { rows, id, outcome, status, message });
    }
    this.#results?.(line, units);
    await this.report?.add(line);
    if (this.rejects && REJECTED.has(line.outcome)) {
      const refused = this.#refusal?.(line.message, line.status) ?? line.message;
      for (const unit of units) await this.rejects.add(unit.original, reasonOf?.(unit) ?? refused);
    }
  }

  /** Notes how a `changed` or `updated` record differed, for the summary. */
  noteChange(id: string, sent: Sent): void {
    const { tally } = this;
    if (sent.renotified) tally.renotified += 1;
    if (!sent.change) return;
    for (const field of sent.change.fixable) if (sent.outcome === 'changed') tally.fixableFields.add(field);
    for (const field of sent.change.fixed) tally.fixedFields.add(field);
    if (sent.outcome === 'changed' && tally.changes.length < NAMED_IN_SUMMARY) {
      tally.changes.push({ id, fields: sent.change.fields });
    }
  }
}
