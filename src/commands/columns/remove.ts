import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { columnsWords } from './words.js';

export interface ColumnsRemoveOptions {
  name: string;
}

/** Removes a layout saved under a name (`intake columns save`, or the page's mapping step). */
export async function columnsRemoveRun(options: ColumnsRemoveOptions, f: Factory): Promise<void> {
  const { removeLayout } = await import('../../cli/saved-layouts.js');
  if (!(await removeLayout(f.env, options.name))) {
    throw new UsageError(`there is no saved layout "${options.name}"`, ['See: intake columns list']);
  }
  f.log.info(columnsWords(f).removed(options.name));
}

export function newColumnsRemoveCommand(
  f: Factory,
  runF: (options: ColumnsRemoveOptions, f: Factory) => Promise<void> = columnsRemoveRun,
): Command {
  return new Command('remove')
    .description('Remove a layout you saved')
    .argument('<name>', 'a saved layout (intake columns list)')
    .addHelpText('after', examples('intake columns remove my-shop'))
    .action((name: string) => runF({ name }, f));
}
