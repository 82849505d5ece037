import type * as HelpWordsKoModule from './help-words-ko.js';
import { Command } from 'commander';
import type { Factory } from './factory.js';
import { addGlobalOptions, readGlobalOptions, VALUE_OPTIONS } from './global-options.js';
import { examples } from './help.js';
import { withOptionSuggestion } from './option-suggestion.js';
import { terminalLang } from '../util/terminal-lang.js';

function forEachCommand(command: Command, visit: (command: Command) => void): void {
  visit(command);
  for (const sub of command.commands) forEachCommand(sub, visit);
}

/**
 * A command says its own usage errors (so the options that could have been meant are its own): with
 * the option likely meant, in the words `say` gives (Korean at a Korean terminal).
 */
function sayUsageErrors(command: Command, say: (text: string) => string): void {
  command.configureOutput({
    ...command.configureOutput(),
    outputError: (text, write) => write(say(withOptionSuggestion(text, command))),
  });
}

type Make = (f: Factory, program: () => Command) => Command;

/**
 * The top-level commands, each loaded only when needed: a run loads the module of the command it runs
 * (and help, completion or an unknown word load them all), so start-up does not pay for the rest.
 */
const COMMANDS: readonly { name: string; hidden?: boolean; load: () => Promise<Make> }[] = [
  {
    name: 'order',
    load: async () => {
      const { newOrderCommand } = await import('../commands/order/order.js');
      return (f) => newOrderCommand(f);
    },
  },
  {
    name: 'shipment',
    load: async () => {
      const { newShipmentCommand } = await import('../commands/shipment/shipment.js');
      return (f) => newShipmentCommand(f);
    },
  },
  {
    name: 'product',
    load: async () => {
      const { newProductCommand } = await import('../commands/product/product.js');
      return (f) => newProductCommand(f);
    },
  },
  {
    name: 'rewards',
    load: async () => {
      const { newRewardsCommand } = await import('../commands/rewards/list.js');
      return (f) => newRewardsCommand(f);
    },
  },
  {
    name: 'keys',
    load: async () => {
      const { newKeysCommand } = await import('../commands/keys/check.js');
      return (f) => newKeysCommand(f);
    },
  },
  {
    name: 'health',
    load: async () => {
      const { newHealthCommand } = await import('../commands/health/health.js');
      return (f) => newHealthCommand(f);
    },
  },
  {
    name: 'queue',
    load: async () => {
      const { newQueueCommand } = await import('../commands/queue/status.js');
      return (f) => newQueueCommand(f);
    },
  },
  {
    name: 'ledger',
    load: async () => {
      const { newLedgerCommand } = await import('../commands/ledger/ledger.js');
      return (f) => newLedgerCommand(f);
    },
  },
  {
    name: 'login',
    load: async () => {
      const { newLoginCommand } = await import('../commands/auth/login.js');
      return (f) => newLoginCommand(f);
    },
  },
  {
    name: 'auth',
    load: async () => {
      const { newAuthCommand } = await import('../commands/auth/auth.js');
      return (f) => newAuthCommand(f);
    },
  },
  {
    name: 'logout',
    load: async () => {
      const { newLogoutCommand } = await import('../commands/auth/logout.js');
      return (f) => newLogoutCommand(f);
    },
  },
  {
    name: 'config',
    load: async () => {
      const { newConfigCommand } = await import('../commands/config/config.js');
      return (f) => newConfigCommand(f);
    },
  },
  {
    name: 'carriers',
    load: async () => {
      const { newCarriersCommand } = await import('../commands/carriers/list.js');
      return (f) => newCarriersCommand(f);
    },
  },
  {
    name: 'columns',
    load: async () => {
      const { newColumnsCommand } = await import('../commands/columns/columns.js');
      return (f) => newColumnsCommand(f);
    },
  },
  {
    name: 'catalog',
    load: async () => {
      const { newCatalogCommand } = await import('../commands/catalog/catalog.js');
      return (f) => newCatalogCommand(f);
    },
  },
  {
    name: 'marketplace',
    load: async () => {
      const { newMarketplaceCommand } = await import('../commands/marketplace/marketplace.js');
      return (f) => newMarketplaceCommand(f);
    },
  },
  {
    name: 'pull',
    load: async () => {
      const { newPullCommand } = await import('../commands/pull/pull.js');
      return (f) => newPullCommand(f);
    },
  },
  {
    name: 'push',
    load: async () => {
      const { newPushCommand } = await import('../commands/push/push.js');
      return (f) => newPushCommand(f);
    },
  },
  {
    name: 'api',
    load: async () => {
      const { newApiCommand } = await import('../commands/api/api.js');
      return (f) => newApiCommand(f);
    },
  },
  {
    name: 'completion',
    load: async () => {
      const { newCompletionCommand } = await import('../commands/completion/completion.js');
      return (f) => newCompletionCommand(f);
    },
  },
  {
    name: 'help',
    load: async () => {
      const { newHelpCommand } = await import('../commands/help/help.js');
      return (f, program) => newHelpCommand(f, program);
    },
  },
  {
    name: 'ui',
    load: async () => {
      const { newUiCommand } = await import('../commands/ui/ui.js');
      return (f) => newUiCommand(f);
    },
  },
  {
    name: 'serve',
    load: async () => {
      const { newServeCommand } = await import('../commands/serve/serve.js');
      return (f) => newServeCommand(f);
    },
  },
  {
    name: 'local',
    load: async () => {
      const { newLocalCommand } = await import('../commands/local/local.js');
      return (f) => newLocalCommand(f);
    },
  },
  {
    name: 'completion-server',
    hidden: true,
    load: async () => {
      const { newCompletionServerCommand } = await import('../commands/completion/completion.js');
      return (f, program) => newCompletionServerCommand(f, program);
    },
  },
];

/** The command a command line runs: its first word that is neither an option nor an option's value. */
export function commandWord(argv: readonly string[]): string | undefined {
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === '--') return argv[index + 1];
    if (!word.startsWith('-')) return word;
    if (!word.includes('=') && VALUE_OPTIONS.has(word)) index += 1;
  }
  return undefined;
}

type HelpWordsKo = typeof HelpWordsKoModule;

/**
 * Whether a command line may show a help: it asks for one (`--help`, `-h`, `intake help …`), or names no
 * command, or a group of commands without one of them (`intake order`).
 */
function showsHelp(program: Command, argv: readonly string[]): boolean {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return true;
  let word = commandWord(argv);
  if (word === undefined || word === 'help') return true;
  // Down the groups named (`intake local faults`): a help shows where the last one is a group.
  let command: Command = program;
  let rest = argv;
  while (word !== undefined) {
    const next = command.commands.find((sub) => sub.name() === word);
    if (!next) return false;
    command = next;
    rest = rest.slice(rest.indexOf(word) + 1);
    word = commandWord(rest);
  }
  return command.commands.length > 0;
}

/** Which commands a command line needs: none for `--version`, its own, or all of them. */
function needed(argv: readonly string[]): typeof COMMANDS {
  const word = commandWord(argv);
  if (word === undefined) return argv.some((arg) => arg === '-V' || arg === '--version') ? [] : COMMANDS;
  const own = COMMANDS.find((command) => command.name === word);
  return own && word !== 'help' && word !== 'completion-server' ? [own] : COMMANDS;
}

/** The command tree for one run (with the commands `argv` needs). Nothing runs until it is parsed. */
export async function buildProgram(f: Factory, argv: readonly string[] = []): Promise<Command> {
  // Commander's own usage errors in Korean at a Korean terminal (the words load only there).
  const korean = terminalLang(f.env) === 'ko';
  const usageKo = korean ? await import('./usage-words.js') : undefined;
  const usageError = (text: string) =>
    usageKo ? usageKo.usageErrorKo(text, (word) => f.colors().err.red(word)) : text;
  // The help's Korean words load only where a help may be shown (see `showsHelp`).
  let helpKo: HelpWordsKo | undefined;
  const program = new Command('intake')
    .description('Send orders, products and shipments to the intake service, and run it locally')
    .version(f.version, '-V, --version', 'print the version')
    .enablePositionalOptions()
    .exitOverride()
    .showHelpAfterError(usageKo?.USAGE_HINT_KO ?? '(add --help for usage)')
    .helpCommand(false)
    .configureHelp({
      showGlobalOptions: true,
      sortSubcommands: false,
      // The global options are the program's; a parent's own flags (`serve --port` above `serve export`) are not.
      visibleGlobalOptions: (command) => {
        let root = command;
        while (root.parent) root = root.parent;
        return root === command ? [] : root.options.filter((option) => !option.hidden);
      },
    })
    .configureOutput({
      writeOut: (text) => f.io.stdout.write(helpKo ? helpKo.helpOutputKo(text) : text),
      writeErr: (text) => f.io.stderr.write(helpKo ? helpKo.helpOutputKo(text) : text),
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
Environment: INTAKE_BASE_URL, INTAKE_ACCESS_KEY_ID, INTAKE_SECRET_ACCESS_KEY, INTAKE_PROFILE and more
(intake help environment).
Exit codes: 0 ok, 1 failure, 2 usage or unreadable input, 3 authentication failed, 4 some records
rejected, 5 service unreachable, 6 a marketplace refused the caller, 130 interrupted (intake help exit-codes).
`,
    );

  const commands = needed(argv);
  const makers = await Promise.all(commands.map((command) => command.load()));
  commands.forEach((command, index) => {
    const make = makers[index] as Make;
    program.addCommand(
      make(f, () => program),
      { hidden: command.hidden === true },
    );
  });

  if (korean && showsHelp(program, argv)) {
    // At a Korean terminal: the titles and descriptions in Korean, columns counted as the terminal shows them.
    helpKo = await import('./help-words-ko.js');
    program.configureHelp({ ...program.configureHelp(), ...helpKo.KOREAN_HELP });
  }
  forEachCommand(program, (command) => {
    if (command !== program) command.copyInheritedSettings(command.parent as Command);
    sayUsageErrors(command, usageError);
    // Every command that runs takes the global options: the leaves, and `serve`, which also has subcommands.
    const runs = (command as unknown as { _actionHandler?: unknown })._actionHandler != null;
    if (command === program || command.commands.length === 0 || runs) addGlobalOptions(command);
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
