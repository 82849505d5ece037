import { Command } from 'commander';
import { FAULT_SEED_MAX, howOften, latencyWords, type FaultsState } from '../../contract/local/index.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { wholeNumber } from '../../cli/values.js';
import { localWords } from './words.js';

async function showFaults(f: Factory, state: FaultsState): Promise<void> {
  const everyone = state.everyone?.rules ?? [];
  const rows = [
    ...everyone.map((rule) => ({ ...rule, whose: 'everyone (--faults)' })),
    ...state.rules.map((rule) => ({ ...rule, whose: 'this merchant' })),
  ];
  await writeData(f, {
    json: state,
    rows,
    none: localWords(f).noFaults,
    columns: [
      { header: 'whose', value: (rule) => rule.whose },
      {
        header: 'where',
        value: (rule) =>
          [rule.method, rule.path, rule.id === undefined ? undefined : `@${rule.id}`]
            .filter(Boolean)
            .join(' ') || '(all)',
      },
      { header: 'fault', value: (rule) => rule.kind },
      {
        header: 'share',
        value: (rule) => howOften(rule, (next) => `the next ${next}`),
      },
      {
        header: 'detail',
        value: (rule) =>
          rule.latency_ms
            ? latencyWords(rule.latency_ms)
            : rule.retry_after_seconds !== undefined
              ? `Retry-After: ${rule.retry_after_seconds}`
              : '',
      },
      { header: 'injected', value: (rule) => state.injected[rule.kind] ?? 0 },
    ],
  });
  if (everyone.length > 0 && state.everyone.seed !== undefined)
    f.log.info(localWords(f).seedOfEveryone(state.everyone.seed));
  if (state.rules.length > 0 && state.seed !== undefined)
    f.log.info(localWords(f).seedOfMerchant(state.seed));
}

export function newLocalFaultsCommand(f: Factory): Command {
  const faults = new Command('faults').description(
    "Faults injected into a share of requests to the service's /api/ (503, 429, latency, drops, stalls)",
  );
  faults
    .command('set')
    .description('Put the faults of SPEC in force (replacing any)')
    .argument('<spec>', 'as "503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1%"')
    .option('--seed <n>', 'draw from this seed: the same requests get the same faults, run after run')
    .addHelpText(
      'after',
      examples(
        'intake local faults set "503:10%,drop-after-commit:5%"',
        'intake local faults set "POST=429:20%:retry-after=5s"',
        'intake local faults set "latency:200-800ms,stall:1%"',
        'intake local faults set "GET /api/v1/rewards/=500:50%"',
        'intake local faults set "503:next=2"   (the next two requests, then none)',
        'intake local faults set "POST @ORD-7=drop-after-commit:next=1"   (order ORD-7 stored, its answer lost once)',
        'intake local faults set "503:20%" --seed 42',
      ),
    )
    .action(async (spec: string, flags: { seed?: string }) => {
      // Read here first, so that a slip is a usage error before anything is sent.
      const { parseFaultSpec, FaultSpecError } = await import('../../server/faults/spec.js');
      try {
        parseFaultSpec(spec);
      } catch (error) {
        if (error instanceof FaultSpecError) throw new UsageError(error.message);
        throw error;
      }
      const seed =
        flags.seed === undefined
          ? undefined
          : wholeNumber('--seed', flags.seed, { min: 0, max: FAULT_SEED_MAX });
      await showFaults(f, await (await f.apiClient()).local.setFaults(spec, seed));
    });
  faults
    .command('clear')
    .description('Stop injecting faults')
    .addHelpText('after', examples('intake local faults clear'))
    .action(async () => showFaults(f, await (await f.apiClient()).local.clearFaults()));
  faults
    .command('show')
    .description('The faults in force, and how many each injected')
    .addHelpText('after', examples('intake local faults show', 'intake local faults show --json'))
    .action(async () => showFaults(f, await (await f.apiClient()).local.faults()));
  return faults;
}
