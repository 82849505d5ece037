import { Command } from 'commander';
import { BUILT_IN_CARRIERS } from '../../contract/carrier-list.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export function newCarriersCommand(f: Factory): Command {
  return new Command('carriers')
    .description('List the carrier codes a shipment may use (company_code)')
    .addHelpText(
      'after',
      examples('intake carriers', 'intake carriers --json', 'intake carriers -o csv > carriers.csv'),
    )
    .action(async () => {
      await writeData(f, {
        json: BUILT_IN_CARRIERS,
        rows: BUILT_IN_CARRIERS,
        columns: [
          { header: 'code', value: (carrier) => carrier.code },
          { header: 'name', value: (carrier) => carrier.name },
        ],
      });
    });
}
