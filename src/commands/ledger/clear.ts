import { Command, Option } from 'commander';
import type { RecordKind } from '../../bulk/ledger.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';

export interface LedgerClearOptions {
  kind?: RecordKind;
  yes: boolean;
}

/**
 * Forgets what uploads sent to the current service with the current credentials (of one kind, when
 * given): the next upload sends those records again, and the service answers as it does for known ids.
 */
export async function ledgerClearRun(options: LedgerClearOptions, f: Factory): Promise<void> {
  const { ledgerTarget, openLedger } = await import('../../bulk/open-ledger.js');
  const target = await ledgerTarget(f);
  const what = options.kind ? `${options.kind}s` : 'records';
  if (!options.yes) {
    const interactive = f.io.stdin.isTTY === true && f.io.stderr.isTTY === true;
    if (!interactive)
      throw new UsageError('clearing the ledger needs --yes when there is no terminal to ask at');
    const answer = await (
      await f.prompter()
    ).input(`Forget every ${what.slice(0, -1)} sent to ${target.service} as ${target.accessKeyId}? (yes/no)`);
    if (answer.trim().toLowerCase() !== 'yes') {
      f.log.info('Nothing was cleared.');
      return;
    }
  }
  const ledger = openLedger(f);
  try {
    const count = ledger.useTarget(target).clear(options.kind);
    f.log.info(`Forgot ${count} ${what} sent to ${target.service} as ${target.accessKeyId}.`);
  } finally {
    ledger.close();
  }
}

export function newLedgerClearCommand(
  f: Factory,
  runF: (options: LedgerClearOptions, f: Factory) => Promise<void> = ledgerClearRun,
): Command {
  return new Command('clear')
    .description('Forget what uploads sent to the current service with the current credentials')
    .addOption(new Option('--kind <kind>', 'only this kind').choices(['order', 'product', 'shipment']))
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', examples('intake ledger clear', 'intake ledger clear --kind shipment --yes'))
    .action((flags: { kind?: RecordKind; yes?: boolean }) =>
      runF({ ...(flags.kind ? { kind: flags.kind } : {}), yes: flags.yes === true }, f),
    );
}
