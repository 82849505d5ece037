import type { ReportFile, RejectsFile, ReportLine } from './report.js';
import { emptyTally } from './summary.js';
import type { Unit } from './units.js';

/** Outcomes whose rows go to the rejects file, to be fixed and sent again. */
const REJECTED: ReadonlySet<string> = new Set(['invalid', 'rejected', 'failed', 'changed']);

/** Where every line of an upload goes: the tally, the report, the rejects file and `--json` results. */
export class Outputs {
  readonly tally = emptyTally();
  report: ReportFile | undefined;
  rejects: RejectsFile | undefined;
  readonly #results: ((line: ReportLine) => void) | undefined;

  constructor(results?: (line: ReportLine) => void) {
    this.#results = results;
  }

  async add(line: ReportLine, units: readonly Unit[], reasonOf?: (unit: Unit) => string): Promise<void> {
    this.tally.outcomes[line.outcome] += 1;
    this.#results?.(line);
    await this.report?.add(line);
    if (this.rejects && REJECTED.has(line.outcome) && !(line.outcome === 'changed' && line.status === 204)) {
      for (const unit of units) await this.rejects.add(unit.original, reasonOf?.(unit) ?? line.message);
    }
  }
}
