import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newOrderCreateCommand } from './create.js';
import { newOrderPatchCommand } from './patch.js';

export function newOrderCommand(f: Factory): Command {
  return new Command('order')
    .description('Orders: buyer, items and products')
    .addCommand(newOrderCreateCommand(f))
    .addCommand(newOrderPatchCommand(f));
}
