import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export interface CarriersOptions {
  carriersFile?: string;
}

/** Prints the carriers this tool knows and says whose list it is. */
export async function carriersRun(options: CarriersOptions, f: Factory): Promise<void> {
  const { loadCarriers } = await import('../../cli/carriers.js');
  const book = await loadCarriers(f, options.carriersFile);
  await writeData(f, {
    json: book.carriers,
    rows: book.carriers,
    columns: [
      { header: 'code', value: (carrier) => carrier.code },
      { header: 'name', value: (carrier) => carrier.name },
    ],
  });
  f.log.info(
    `From ${book.source}. A service may accept other codes: intake sends a code it does not know (with a warning); ` +
      'give a service’s own list with --carriers FILE or: intake config set carriers FILE',
  );
}

export function newCarriersCommand(
  f: Factory,
  runF: (options: CarriersOptions, f: Factory) => Promise<void> = carriersRun,
): Command {
  return new Command('carriers')
    .description('List the carrier codes a shipment may use (company_code), and say whose list it is')
    .option(
      '--carriers <file>',
      'a JSON list of {code, name} to print instead (default: the profile’s, else built in)',
    )
    .addHelpText(
      'after',
      examples('intake carriers', 'intake carriers --json', 'intake carriers -o csv > carriers.csv'),
    )
    .action((flags: { carriers?: string }) =>
      runF(flags.carriers === undefined ? {} : { carriersFile: flags.carriers }, f),
    );
}
