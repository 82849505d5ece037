import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newLedgerClearCommand } from './clear.js';
import { newLedgerHistoryCommand } from './history.js';
import { newLedgerListCommand } from './list.js';
import { newLedgerRepairCommand } from './repair.js';
import { newLedgerStatusCommand } from './status.js';

export function newLedgerCommand(f: Factory): Command {
  return new Command('ledger')
    .description('What uploads sent, by service and credentials, so re-runs never send anything twice')
    .addCommand(newLedgerStatusCommand(f))
    .addCommand(newLedgerListCommand(f))
    .addCommand(newLedgerHistoryCommand(f))
    .addCommand(newLedgerClearCommand(f))
    .addCommand(newLedgerRepairCommand(f));
}
