import { LEDGER_STATES, RECORD_KINDS } from '../../contract/kinds.js';
import { Command, Option } from 'commander';
import type { LedgerState, RecordKind } from '../../bulk/index.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { wholeNumber } from '../../cli/values.js';

export interface LedgerListOptions {
  kind?: RecordKind;
  state?: LedgerState;
  limit: number;
}

/** The records the ledger holds for the current service and credentials, newest first. */
export async function ledgerListRun(options: LedgerListOptions, f: Factory): Promise<void> {
  const [{ ledgerTarget, openLedger }, { ledgerWords }] = await Promise.all([
    import('../../cli/ledger-target.js'),
    import('./words.js'),
  ]);
  const words = ledgerWords(f);
  const target = await ledgerTarget(f);
  const ledger = openLedger(f);
  try {
    const rows = ledger
      .useTarget(target)
      .records.list(options)
      .map((entry) => ({
        kind: entry.kind,
        key: entry.key,
        state: entry.state,
        status: entry.status,
        message: entry.message,
        updated_at: new Date(entry.updatedAt).toISOString(),
      }));
    await writeData(f, {
      json: rows,
      rows,
      none: words.noRecords(target.address ?? target.service, target.accessKeyId),
      columns: [
        { header: 'kind', value: (row) => row.kind, shown: (row) => words.kind(row.kind) },
        { header: 'key', value: (row) => row.key },
        { header: 'state', value: (row) => row.state, shown: (row) => words.recordState(row.state) },
        { header: 'status', value: (row) => row.status, ko: '응답 코드' },
        { header: 'updated_at', value: (row) => row.updated_at },
        {
          header: 'message',
          value: (row) => row.message,
          shown: (row) => words.message(row.kind, row.state, row.message),
        },
      ],
    });
  } finally {
    ledger.close();
  }
}

export function newLedgerListCommand(
  f: Factory,
  runF: (options: LedgerListOptions, f: Factory) => Promise<void> = ledgerListRun,
): Command {
  return new Command('list')
    .description('Records sent to the current service with the current credentials, newest first')
    .addOption(new Option('--kind <kind>', 'only this kind').choices(RECORD_KINDS))
    .addOption(new Option('--state <state>', 'only this state').choices(LEDGER_STATES))
    .option('--limit <n>', 'at most this many', '50')
    .addHelpText(
      'after',
      examples('intake ledger list', 'intake ledger list --kind shipment --state failed --json'),
    )
    .action((flags: { kind?: RecordKind; state?: LedgerState; limit: string }) =>
      runF(
        {
          ...(flags.kind ? { kind: flags.kind } : {}),
          ...(flags.state ? { state: flags.state } : {}),
          limit: wholeNumber('--limit', flags.limit, { min: 1, max: 1_000_000 }),
        },
        f,
      ),
    );
}
