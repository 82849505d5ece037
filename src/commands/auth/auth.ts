import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newAuthMigrateCommand } from './migrate.js';
import { newAuthStatusCommand } from './status.js';

export function newAuthCommand(f: Factory): Command {
  return new Command('auth')
    .description('Credentials of every profile, and where their secrets are kept')
    .addCommand(newAuthStatusCommand(f))
    .addCommand(newAuthMigrateCommand(f));
}
