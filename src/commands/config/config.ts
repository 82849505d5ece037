import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newConfigGetCommand } from './get.js';
import { newConfigListCommand } from './list.js';
import { newConfigSetCommand } from './set.js';
import { newConfigUnsetCommand } from './unset.js';
import { newConfigUseCommand } from './use.js';

export function newConfigCommand(f: Factory): Command {
  return new Command('config')
    .description('Profiles and settings (stored with mode 0600 in the config directory)')
    .addCommand(newConfigListCommand(f))
    .addCommand(newConfigGetCommand(f))
    .addCommand(newConfigSetCommand(f))
    .addCommand(newConfigUnsetCommand(f))
    .addCommand(newConfigUseCommand(f));
}
