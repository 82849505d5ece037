import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export function newLocalResetCommand(f: Factory): Command {
  return new Command('reset')
    .description(
      "Remove this merchant's data and load its seed again (the service must run with --allow-reset)",
    )
    .addHelpText('after', examples('intake local reset', 'intake local reset --json'))
    .action(async () => {
      const result = await (await f.apiClient()).local.reset();
      await writeData(f, {
        json: result,
        rows: [result.seeded],
        columns: ['products', 'orders', 'shipments'].map((header) => ({
          header: `seeded ${header}`,
          value: (row: Record<string, number>) => row[header] ?? 0,
        })),
      });
    });
}
