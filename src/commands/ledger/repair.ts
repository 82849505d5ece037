import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { dataDir } from '../../cli/paths.js';
import { ledgerWords } from './words.js';

export type LedgerRepairOptions = Record<string, never>;

/**
 * Repairs a damaged ledger: the damaged file is set aside, and every record that can still be read is
 * kept in a new one. Refused while an upload is using the ledger.
 */
export async function ledgerRepairRun(_options: LedgerRepairOptions, f: Factory): Promise<void> {
  const [{ repairLedger }, { LedgerLock }] = await Promise.all([
    import('../../bulk/index.js'),
    import('../../bulk/index.js'),
  ]);
  const folder = dataDir(f.env);
  const lock = await LedgerLock.acquire(folder, {
    what: 'ledger repair',
    wait: false,
    now: () => f.now().getTime(),
  });
  try {
    const repair = repairLedger(folder, f.now());
    const rows = Object.entries(repair.recovered).map(([table, count]) => ({ table, count }));
    await writeData(f, {
      json: {
        path: repair.path,
        sound: repair.sound,
        set_aside: repair.setAside ?? null,
        recovered: repair.recovered,
      },
      rows,
      columns: [
        { header: 'table', value: (row) => row.table },
        { header: 'rows recovered', value: (row) => row.count },
      ],
    });
    const words = ledgerWords(f);
    if (repair.sound) {
      f.log.info(words.sound(repair.path));
      return;
    }
    f.log.info(words.repaired(repair.setAside ?? '', repair.path));
    f.log.info(words.sentAgain);
  } finally {
    lock.release();
  }
}

export function newLedgerRepairCommand(
  f: Factory,
  runF: (options: LedgerRepairOptions, f: Factory) => Promise<void> = ledgerRepairRun,
): Command {
  return new Command('repair')
    .description(
      'Repair a damaged ledger: keep every record that can still be read, set the damaged file aside',
    )
    .addHelpText('after', examples('intake ledger repair', 'intake ledger repair --json'))
    .action(() => runF({}, f));
}
