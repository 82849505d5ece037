import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { EXIT, ExitCode } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeJsonLine } from '../../cli/output.js';
import { dataDir } from '../../cli/paths.js';
import type { Marketplace } from '../../marketplaces/names.js';
import { marketplaceArgument, marketplaceOf, parseSince } from '../shared/marketplace-arg.js';
import { makeFolder } from '../../util/make-folder.js';
import { runWords } from '../../marketplaces/run-words.js';
import { terminalLang } from '../../util/terminal-lang.js';

export interface PullOptions {
  marketplace: Marketplace;
  since?: string;
  dryRun: boolean;
}

/** Pulled orders are kept as the files they were sent from: the last ones, for support to read. */
const KEPT_PULLS = 50;

function pullFile(f: Factory, marketplace: Marketplace, now: Date): string {
  const folder = join(dataDir(f.env), 'pulls');
  makeFolder(folder);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const kept = readdirSync(folder)
    .filter((name) => name.endsWith('.ndjson'))
    .sort();
  for (const old of kept.slice(0, Math.max(0, kept.length - KEPT_PULLS + 1)))
    rmSync(join(folder, old), { force: true });
  return join(folder, `${marketplace}-${stamp}.ndjson`);
}

/**
 * `intake pull`: the marketplace's order lines changed since the last pull (a little before, so a late
 * feed misses nothing), products it has no image for looked up in the marketplace's product API (and kept
 * in the catalog), the orders sent to the service through the same check, ledger and report as a file;
 * cancelled lines, claims and phones the bot cannot reach are reported, not sent. The cursor moves only
 * when the run went to the end.
 */
export async function pullRun(options: PullOptions, f: Factory): Promise<void> {
  const { marketplace } = options;
  const json = (await f.settings()).output.value === 'json';
  const { planPull, ordersText, settlePull } = await import('../../cli/marketplace-runs.js');
  if (!options.dryRun) await f.credentials();
  const pulled = await planPull(f, marketplace, {
    ...(options.since === undefined ? {} : { sinceMs: parseSince(options.since, f.now().getTime()) }),
    remember: !options.dryRun,
  });
  const { lines, plan } = pulled;
  const words = runWords(terminalLang(f.env));
  const notSentLines = plan.notSent.reduce((sum, entry) => sum + entry.lineIds.length, 0);
  f.log.info(words.found(lines.length, plan.orders.length, notSentLines));
  for (const entry of plan.notSent) {
    if (json) {
      writeJsonLine(f, {
        marketplace,
        order_id: entry.orderId,
        lines: entry.lineIds,
        outcome: 'not_sent',
        reason: entry.reason,
        detail: entry.detail,
      });
    } else {
      f.log.warn(words.notSent(entry));
    }
  }
  let code: number = EXIT.ok;
  if (plan.orders.length > 0) {
    const path = pullFile(f, marketplace, new Date(pulled.until));
    writeFileSync(path, ordersText(plan), { mode: 0o600 });
    code = await uploadPulled(f, path, options.dryRun);
  } else if (json) {
    writeJsonLine(f, {
      type: 'summary',
      marketplace,
      records: 0,
      lines: lines.length,
      not_sent: plan.notSent.length,
    });
  }
  // Every record had its outcome (accepted, or refused for a reason of its own): the next pull starts here.
  if (!options.dryRun && (code === EXIT.ok || code === EXIT.rejected))
    await settlePull(f, marketplace, pulled.until);
  if (code !== EXIT.ok) throw new ExitCode(code);
}

/** Sends the pulled orders' file as `intake order create FILE` would; its exit code. */
async function uploadPulled(f: Factory, path: string, dryRun: boolean): Promise<number> {
  const [{ openInput, plainOptions, RESOURCES }, { uploadFromCli }, { workbookPassword }] = await Promise.all(
    [
      import('../../bulk/index.js'),
      import('../shared/upload-run.js'),
      import('../shared/workbook-password.js'),
    ],
  );
  const source = await openInput(f.io, path);
  try {
    await uploadFromCli(
      f,
      RESOURCES.order as never,
      source,
      'ndjson',
      plainOptions({ dryRun }),
      workbookPassword(f, { passwordStdin: false, inputFromStdin: false }),
    );
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof ExitCode)) throw error;
    return error.exitCode;
  }
}

export function newPullCommand(
  f: Factory,
  runF: (options: PullOptions, f: Factory) => Promise<void> = pullRun,
): Command {
  return new Command('pull')
    .description('Pull new and changed orders from a marketplace and send them to the service')
    .addArgument(marketplaceArgument())
    .addOption(
      new Option(
        '--since <when>',
        'from this duration ago (2d, 36h) or date (2026-11-20), instead of where the last pull ended',
      ),
    )
    .option('--dry-run', 'check what would be sent; send nothing, move no cursor')
    .addHelpText(
      'after',
      examples(
        'intake pull naver',
        'intake pull coupang --since 3d --dry-run',
        'intake pull cafe24 --json | jq -c \'select(.outcome == "not_sent")\'',
        '# Against the local fakes: INTAKE_NAVER_BASE_URL=http://127.0.0.1:8080/naver intake pull naver',
      ),
    )
    .action((name: string, flags: { since?: string; dryRun?: boolean }) =>
      runF(
        {
          marketplace: marketplaceOf(name),
          ...(flags.since === undefined ? {} : { since: flags.since }),
          dryRun: flags.dryRun === true,
        },
        f,
      ),
    );
}
