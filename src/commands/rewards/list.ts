import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import { InvalidInput } from '../../cli/invalid-input.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { cut } from '../../util/cut.js';
import { terminalLang } from '../../util/terminal-lang.js';

export interface RewardsListOptions {
  startDate?: string;
  endDate?: string;
}

interface RewardsFlags {
  startDate?: string;
  endDate?: string;
  from?: string;
  to?: string;
}

/** One date of the range, from its flag or its alias: the flag the person typed, and its value. */
function dateFlag(
  [name, value]: readonly [string, string | undefined],
  [alias, aliasValue]: readonly [string, string | undefined],
): { flag: string; value: string } | undefined {
  if (value !== undefined && aliasValue !== undefined && value !== aliasValue)
    throw new UsageError(`${name} and ${alias} are the same date; give one of them`);
  if (value !== undefined) return { flag: name, value };
  return aliasValue === undefined ? undefined : { flag: alias, value: aliasValue };
}

/** Checks the dates given (their aliases too); a missing one is filled in at run time. */
export async function rewardsListOptions(flags: RewardsFlags): Promise<RewardsListOptions> {
  const start = dateFlag(['--start-date', flags.startDate], ['--from', flags.from]);
  const end = dateFlag(['--end-date', flags.endDate], ['--to', flags.to]);
  const { calendarDateProblem } = await import('../../contract/dates.js');
  for (const given of [start, end]) {
    const problem = given === undefined ? undefined : calendarDateProblem(given.value);
    if (given && problem)
      throw new UsageError(
        `${given.flag}: Input should be a valid date or datetime, ${problem} ("${cut(given.value, 40)}")`,
      );
  }
  if (start !== undefined && end !== undefined && start.value > end.value) {
    throw new UsageError(`${start.flag} ${start.value} is later than ${end.flag} ${end.value}`);
  }
  return { ...(start ? { startDate: start.value } : {}), ...(end ? { endDate: end.value } : {}) };
}

/**
 * Lists rewards. A date not given is the service's today (from its `Date` header, so a simulated clock
 * counts), kept within the range: with only `--from`, the end is today or that day, whichever is later.
 */
export async function rewardsListRun(options: RewardsListOptions, f: Factory): Promise<void> {
  const { RewardsQuery, check, utcDate } = await import('../../contract/index.js');
  const client = await f.apiClient();
  let today: string | undefined;
  if (options.startDate === undefined || options.endDate === undefined) {
    today = utcDate((await client.serviceNow()) ?? f.now().getTime());
  }
  const start =
    options.startDate ?? ([today as string, options.endDate ?? (today as string)].sort()[0] as string);
  const end = options.endDate ?? ([today as string, start].sort()[1] as string);
  const checked = check(RewardsQuery, { start_date: start, end_date: end }, []);
  if (!checked.ok) {
    throw new InvalidInput('invalid date range:', checked.issues, {
      start_date: '--start-date',
      end_date: '--end-date',
    });
  }
  const result = await client.listRewards(checked.value);
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
    f.log.info(
      terminalLang(f.env) === 'ko'
        ? `${start}부터 ${end}까지 적립금이 없습니다.`
        : `No rewards from ${start} to ${end}.`,
    );
}

export function newRewardsCommand(
  f: Factory,
  runF: (options: RewardsListOptions, f: Factory) => Promise<void> = rewardsListRun,
): Command {
  const rewards = new Command('rewards').description('Rewards earned by buyers’ reviews');
  rewards
    .command('list')
    .description("List rewards created between two UTC days, both included (default: the service's today)")
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
        'intake rewards list --json --query "results[?rewards >= `500`].member_id"',
      ),
    )
    .action(async (flags: RewardsFlags) => runF(await rewardsListOptions(flags), f));
  return rewards;
}
