import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { supportWords } from '../../cli/support-words.js';

export type HealthOptions = Record<string, never>;

export async function healthRun(_options: HealthOptions, f: Factory): Promise<void> {
  const result = await (await f.probe({ auth: 'optional' })).health();
  const row = { ...result, base_url: (await f.settings()).baseUrl.value };
  const words = await supportWords(f);
  await writeData(f, {
    json: row,
    rows: [row],
    columns: [
      { header: 'status', value: (r) => r.status, shown: (r) => words.cell(r.status) },
      { header: 'base_url', value: (r) => r.base_url },
    ],
  });
}

export function newHealthCommand(
  f: Factory,
  runF: (options: HealthOptions, f: Factory) => Promise<void> = healthRun,
): Command {
  return new Command('health')
    .description('Check that the service is up (needs no credentials)')
    .addHelpText('after', examples('intake health', 'intake health --json', 'intake health --sandbox'))
    .action(() => runF({}, f));
}
