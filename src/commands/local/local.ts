import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import {
  newLocalAdvanceCommand,
  newLocalApplyCommand,
  newLocalReviewCommand,
  newLocalReviewsCommand,
} from './control.js';
import { newLocalJobsCommand, newLocalOrdersCommand, newLocalProductsCommand } from './inspect.js';
import { newLocalMerchantsCommand } from './merchants.js';
import { newLocalEventsCommand } from './events.js';
import { newLocalFaultsCommand } from './faults.js';
import { newLocalMarketplaceCommand } from './marketplace.js';
import { newLocalMessagesCommand } from './messages.js';
import { newLocalRequestsCommand } from './requests.js';
import { newLocalResetCommand } from './reset.js';

export function newLocalCommand(f: Factory): Command {
  return new Command('local')
    .description(
      'Inspect and drive the local service (intake serve): stored data, the bot, reviews, the clock, events, faults',
    )
    .addCommand(newLocalOrdersCommand(f))
    .addCommand(newLocalProductsCommand(f))
    .addCommand(newLocalMessagesCommand(f))
    .addCommand(newLocalJobsCommand(f))
    .addCommand(newLocalReviewCommand(f))
    .addCommand(newLocalReviewsCommand(f))
    .addCommand(newLocalAdvanceCommand(f))
    .addCommand(newLocalApplyCommand(f))
    .addCommand(newLocalMerchantsCommand(f))
    .addCommand(newLocalEventsCommand(f))
    .addCommand(newLocalRequestsCommand(f))
    .addCommand(newLocalFaultsCommand(f))
    .addCommand(newLocalMarketplaceCommand(f))
    .addCommand(newLocalResetCommand(f));
}
