import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { describeIssues } from '../../cli/report-error.js';

interface ListOptions {
  startDate?: string;
  endDate?: string;
  from?: string;
  to?: string;
}

export function newRewardsCommand(f: Factory): Command {
  const rewards = new Command('rewards').description('Rewards earned by buyers’ reviews');
  rewards
    .command('list')
    .description('List rewards created between two UTC days, both included (default: today)')
    .option('--start-date <YYYY-MM-DD>', 'first day (alias --from)')
    .option('--end-date <YYYY-MM-DD>', 'last day (alias --to)')
    .option('--from <YYYY-MM-DD>', 'same as --start-date')
    .option('--to <YYYY-MM-DD>', 'same as --end-date')
    .addHelpText(
      'after',
      examples(
        'intake rewards list',
        'intake rewards list --from 2026-11-01 --to 2026-11-30',
        'intake rewards list --start-date 2026-11-21 --end-date 2026-11-21 -o csv > rewards.csv',
      ),
    )
    .action(async (options: ListOptions) => {
      const { RewardsQuery, check, utcDate } = await import('../../contract/index.js');
      const today = utcDate(f.now().getTime());
      const query = {
        start_date: options.startDate ?? options.from ?? today,
        end_date: options.endDate ?? options.to ?? today,
      };
      const checked = check(RewardsQuery, query, []);
      if (!checked.ok) {
        throw new UsageError(
          'invalid date range:',
          describeIssues(checked.issues, { start_date: '--start-date', end_date: '--end-date' }),
        );
      }
      if (query.start_date > query.end_date) {
        throw new UsageError(`--start-date ${query.start_date} is later than --end-date ${query.end_date}`);
      }
      const result = await (await f.apiClient()).listRewards(checked.value);
      await writeData(f, {
        json: result,
        rows: result.results,
        columns: [
          { header: 'created_at', value: (row) => row.created_at },
          { header: 'member_id', value: (row) => row.member_id },
          { header: 'rewards', value: (row) => row.rewards },
          { header: 'reason', value: (row) => row.reason },
        ],
      });
      if (result.results.length === 0)
        f.log.info(`No rewards from ${query.start_date} to ${query.end_date}.`);
    });
  return rewards;
}
