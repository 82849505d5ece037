import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newCatalogExportCommand } from './export.js';
import { newCatalogImportCommand } from './import.js';
import { newCatalogListCommand } from './list.js';
import { newCatalogPullCommand } from './pull.js';
import { newCatalogRemoveCommand } from './remove.js';
import { newCatalogSetCommand } from './set.js';

export function newCatalogCommand(f: Factory): Command {
  return new Command('catalog')
    .description("The profile's product catalog: names and image URLs that fill what an order download lacks")
    .addCommand(newCatalogListCommand(f))
    .addCommand(newCatalogSetCommand(f))
    .addCommand(newCatalogImportCommand(f))
    .addCommand(newCatalogExportCommand(f))
    .addCommand(newCatalogPullCommand(f))
    .addCommand(newCatalogRemoveCommand(f));
}
