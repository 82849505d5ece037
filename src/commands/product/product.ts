import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newProductCreateCommand } from './create.js';
import { newProductPatchCommand } from './patch.js';

export function newProductCommand(f: Factory): Command {
  return new Command('product')
    .description('Products: name and image shown in the bot’s messages')
    .addCommand(newProductCreateCommand(f))
    .addCommand(newProductPatchCommand(f));
}
