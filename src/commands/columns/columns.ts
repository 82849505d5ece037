import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newColumnsListCommand } from './list.js';
import { newColumnsRemoveCommand } from './remove.js';
import { newColumnsSaveCommand } from './save.js';
import { newColumnsShowCommand } from './show.js';

export function newColumnsCommand(f: Factory): Command {
  return new Command('columns')
    .description(
      'The columns a sheet needs, the marketplace presets that read exports as they are, and your own layouts',
    )
    .addCommand(newColumnsListCommand(f))
    .addCommand(newColumnsShowCommand(f))
    .addCommand(newColumnsSaveCommand(f))
    .addCommand(newColumnsRemoveCommand(f));
}
