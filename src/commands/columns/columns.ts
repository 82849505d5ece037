import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newColumnsListCommand } from './list.js';
import { newColumnsShowCommand } from './show.js';

export function newColumnsCommand(f: Factory): Command {
  return new Command('columns')
    .description('The columns a sheet needs, and the marketplace presets that read exports as they are')
    .addCommand(newColumnsListCommand(f))
    .addCommand(newColumnsShowCommand(f));
}
