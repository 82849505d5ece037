import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';

export function newHealthCommand(f: Factory): Command {
  return new Command('health')
    .description('Check that the service is up (needs no credentials)')
    .addHelpText('after', examples('intake health', 'intake health --json', 'intake health --sandbox'))
    .action(async () => {
      const result = await (await f.apiClient({ auth: 'optional' })).health();
      const baseUrl = (await f.settings()).baseUrl.value;
      await writeData(f, {
        json: result,
        rows: [{ ...result, base_url: baseUrl }],
        columns: [
          { header: 'status', value: (row) => row.status },
          { header: 'base_url', value: (row) => row.base_url },
        ],
      });
    });
}
