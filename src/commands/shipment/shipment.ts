import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newShipmentCreateCommand } from './create.js';

export function newShipmentCommand(f: Factory): Command {
  return new Command('shipment')
    .description('Shipments: tracking numbers for order items')
    .addCommand(newShipmentCreateCommand(f));
}
