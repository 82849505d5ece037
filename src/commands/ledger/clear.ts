import { RECORD_KINDS } from '../../contract/kinds.js';
import { Command, Option } from 'commander';
import type { RecordKind } from '../../bulk/index.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { ledgerWords } from './words.js';

export interface LedgerClearOptions {
  kind?: RecordKind;
  yes: boolean;
  /** Set the whole ledger file aside without reading it (a damaged ledger). */
  force?: boolean;
}

/** Sets the whole ledger aside and starts an empty one, without reading it: the way out of a damaged file. */
async function clearByForce(f: Factory): Promise<void> {
  const [{ setLedgerAside }, { LedgerLock }, { dataDir }] = await Promise.all([
    import('../../bulk/index.js'),
    import('../../bulk/index.js'),
    import('../../cli/paths.js'),
  ]);
  const folder = dataDir(f.env);
  const lock = await LedgerLock.acquire(folder, {
    what: 'ledger clear --force',
    wait: false,
    now: () => f.now().getTime(),
  });
  try {
    const aside = setLedgerAside(folder, f.now());
    f.log.info(ledgerWords(f).setAside(aside));
  } finally {
    lock.release();
  }
}

/**
 * Forgets what uploads sent to the current service with the current credentials (of one kind, when
 * given): the next upload sends those records again, and the service answers as it does for known ids.
 */
export async function ledgerClearRun(options: LedgerClearOptions, f: Factory): Promise<void> {
  if (options.force) {
    if (options.kind) throw new UsageError('--force sets the whole ledger aside; it takes no --kind');
    await clearByForce(f);
    return;
  }
  const { ledgerTarget, openLedger } = await import('../../cli/ledger-target.js');
  const target = await ledgerTarget(f);
  const words = ledgerWords(f);
  if (!options.yes) {
    const interactive = f.io.stdin.isTTY === true && f.io.stderr.isTTY === true;
    if (!interactive)
      throw new UsageError('clearing the ledger needs --yes when there is no terminal to ask at');
    const answer = await (
      await f.prompter()
    ).input(words.forget(options.kind, target.service, target.accessKeyId));
    if (answer.trim().toLowerCase() !== 'yes') {
      f.log.info(words.nothingCleared);
      return;
    }
  }
  const [{ LedgerLock }, { dataDir }] = await Promise.all([
    import('../../bulk/index.js'),
    import('../../cli/paths.js'),
  ]);
  const lock = await LedgerLock.acquire(dataDir(f.env), {
    what: 'ledger clear',
    wait: false,
    now: () => f.now().getTime(),
  });
  const ledger = openLedger(f);
  try {
    const count = ledger.useTarget(target).records.clear(options.kind);
    f.log.info(words.forgot(count, options.kind, target.address ?? target.service, target.accessKeyId));
  } finally {
    ledger.close();
    lock.release();
  }
}

export function newLedgerClearCommand(
  f: Factory,
  runF: (options: LedgerClearOptions, f: Factory) => Promise<void> = ledgerClearRun,
): Command {
  return new Command('clear')
    .description('Forget what uploads sent to the current service with the current credentials')
    .addOption(new Option('--kind <kind>', 'only this kind').choices(RECORD_KINDS))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--force', 'set the whole ledger file aside without reading it (when it is damaged)')
    .addHelpText(
      'after',
      examples(
        'intake ledger clear',
        'intake ledger clear --kind shipment --yes',
        'intake ledger clear --force     # a damaged ledger: start an empty one, keep the old file aside',
      ),
    )
    .action((flags: { kind?: RecordKind; yes?: boolean; force?: boolean }) =>
      runF(
        { ...(flags.kind ? { kind: flags.kind } : {}), yes: flags.yes === true, force: flags.force === true },
        f,
      ),
    );
}
