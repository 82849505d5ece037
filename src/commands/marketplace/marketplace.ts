import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { newMarketplaceLoginCommand } from './login.js';
import { newMarketplaceLogoutCommand } from './logout.js';
import { newMarketplaceStatusCommand } from './status.js';

export function newMarketplaceCommand(f: Factory): Command {
  return new Command('marketplace')
    .description('Credentials of Naver Smartstore, Coupang and Cafe24, for intake pull and intake push')
    .addCommand(newMarketplaceLoginCommand(f))
    .addCommand(newMarketplaceStatusCommand(f))
    .addCommand(newMarketplaceLogoutCommand(f));
}
