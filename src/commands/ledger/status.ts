import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export type LedgerStatusOptions = Record<string, never>;

/** Counts of what uploads sent, by service, access key id, kind and state. */
export async function ledgerStatusRun(_options: LedgerStatusOptions, f: Factory): Promise<void> {
  const [{ openLedger }, { ledgerWords }] = await Promise.all([
    import('../../cli/ledger-target.js'),
    import('./words.js'),
  ]);
  const words = ledgerWords(f);
  const ledger = openLedger(f);
  try {
    const rows = ledger.records.counts();
    await writeData(f, {
      json: rows,
      rows,
      columns: [
        { header: 'service', value: (row) => row.service },
        { header: 'access_key_id', value: (row) => row.access_key_id },
        { header: 'kind', value: (row) => row.kind, shown: (row) => words.kind(row.kind) },
        { header: 'state', value: (row) => row.state, shown: (row) => words.recordState(row.state) },
        { header: 'count', value: (row) => row.count },
      ],
    });
    f.log.info(words.ledgerAt(ledger.path));
  } finally {
    ledger.close();
  }
}

export function newLedgerStatusCommand(
  f: Factory,
  runF: (options: LedgerStatusOptions, f: Factory) => Promise<void> = ledgerStatusRun,
): Command {
  return new Command('status')
    .description('What uploads sent, counted by service, credentials, kind and state')
    .addHelpText('after', examples('intake ledger status', 'intake ledger status --json'))
    .action(() => runF({}, f));
}
