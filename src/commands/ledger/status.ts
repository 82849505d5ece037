import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export type LedgerStatusOptions = Record<string, never>;

/** Counts of what uploads sent, by service, access key id, kind and state. */
export async function ledgerStatusRun(_options: LedgerStatusOptions, f: Factory): Promise<void> {
  const { openLedger } = await import('../../cli/ledger-target.js');
  const ledger = openLedger(f);
  try {
    const rows = ledger.records.counts();
    await writeData(f, {
      json: rows,
      rows,
      columns: [
        { header: 'service', value: (row) => row.service },
        { header: 'access_key_id', value: (row) => row.access_key_id },
        { header: 'kind', value: (row) => row.kind },
        { header: 'state', value: (row) => row.state },
        { header: 'count', value: (row) => row.count },
      ],
    });
    f.log.info(`Ledger: ${ledger.path}`);
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
