import { Command } from 'commander';
import { newAuthCommand } from '../commands/auth/auth.js';
import { newLoginCommand } from '../commands/auth/login.js';
import { newApiCommand } from '../commands/api/api.js';
import { newCompletionCommand, newCompletionServerCommand } from '../commands/completion/completion.js';
import { newHelpCommand } from '../commands/help/help.js';
import { newLogoutCommand } from '../commands/auth/logout.js';
import { newCarriersCommand } from '../commands/carriers/list.js';
import { newColumnsCommand } from '../commands/columns/columns.js';
import { newConfigCommand } from '../commands/config/config.js';
import { newHealthCommand } from '../commands/health/health.js';
import { newKeysCommand } from '../commands/keys/check.js';
import { newLedgerCommand } from '../commands/ledger/ledger.js';
import { newLocalCommand } from '../commands/local/local.js';
import { newOrderCommand } from '../commands/order/order.js';
import { newProductCommand } from '../commands/product/product.js';
import { newQueueCommand } from '../commands/queue/status.js';
import { newRewardsCommand } from '../commands/rewards/list.js';
import { newServeCommand } from '../commands/serve/serve.js';
import { newShipmentCommand } from '../commands/shipment/shipment.js';
import type { Factory } from './factory.js';
import { addGlobalOptions, readGlobalOptions } from './global-options.js';
import { examples } from './help.js';

function forEachCommand(command: Command, visit: (command: Command) => void): void {
  visit(command);
  for (const sub of command.commands) forEachCommand(sub, visit);
}

/** The whole command tree for one run. Nothing runs until it is parsed. */
export function buildProgram(f: Factory): Command {
  const program = new Command('intake')
    .description('Send orders, products and shipments to the intake service, and run it locally')
    .version(f.version, '-V, --version', 'print the version')
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .helpCommand(false)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .configureOutput({
      writeOut: (text) => f.io.stdout.write(text),
      writeErr: (text) => f.io.stderr.write(text),
    })
    .addHelpText(
      'after',
      examples(
        '# a local service to try things on',
        'intake serve --port 0 --apply-delay 0',
        '# store credentials, check a file, then send it',
        'intake login',
        'intake order create orders.csv --dry-run',
        'intake order create orders.csv',
        'intake shipment create --order ORD-1 --items ORD-1-1 --company-code kr.cjlogistics --tracking-number 640123456789',
        'intake queue status --wait',
      ) +
        `
Environment: INTAKE_BASE_URL, INTAKE_ACCESS_KEY_ID, INTAKE_SECRET_ACCESS_KEY, INTAKE_PROFILE,
INTAKE_CONFIG_DIR, NO_COLOR, FORCE_COLOR.
Exit codes: 0 ok, 1 failure, 2 usage or unreadable input, 3 authentication failed,
4 some records rejected, 5 service unreachable, 130 interrupted.
`,
    );

  for (const command of [
    newOrderCommand(f),
    newShipmentCommand(f),
    newProductCommand(f),
    newRewardsCommand(f),
    newKeysCommand(f),
    newHealthCommand(f),
    newQueueCommand(f),
    newLedgerCommand(f),
    newLoginCommand(f),
    newAuthCommand(f),
    newLogoutCommand(f),
    newConfigCommand(f),
    newCarriersCommand(f),
    newColumnsCommand(f),
    newApiCommand(f),
    newCompletionCommand(f),
    newHelpCommand(f, () => program),
    newServeCommand(f),
    newLocalCommand(f),
  ]) {
    program.addCommand(command);
  }

  program.addCommand(
    newCompletionServerCommand(f, () => program),
    { hidden: true },
  );

  forEachCommand(program, (command) => {
    if (command !== program) command.copyInheritedSettings(command.parent as Command);
    if (command === program || command.commands.length === 0) addGlobalOptions(command);
  });
  program.hook('preAction', async (_program, action) => {
    f.globals = readGlobalOptions(action);
    if (f.globals.query !== undefined) {
      const { compileQuery } = await import('./query.js');
      f.query = await compileQuery(f.globals.query);
    }
  });
  return program;
}
