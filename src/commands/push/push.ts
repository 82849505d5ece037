import { Command } from 'commander';
import { EXIT, ExitCode, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData, writeJsonLine } from '../../cli/output.js';
import type { PushOutcome } from '../../marketplaces/connector.js';
import type { Marketplace } from '../../marketplaces/names.js';
import { marketplaceArgument, marketplaceOf } from '../shared/marketplace-arg.js';
import { runWords } from '../../marketplaces/run-words.js';
import { terminalLang } from '../../util/terminal-lang.js';

export interface PushOptions {
  marketplace: Marketplace;
  file?: string;
  dryRun: boolean;
}

/**
 * Sends the file's shipments to the service first, as `intake shipment create FILE` does; true when some
 * of its rows were left out (invalid, or refused by the service: its report names them).
 */
async function sendFile(f: Factory, file: string, dryRun: boolean): Promise<boolean> {
  const [{ openInput, planInput, plainOptions, RESOURCES }, { uploadFromCli }, { workbookPassword }] =
    await Promise.all([
      import('../../bulk/index.js'),
      import('../shared/upload-run.js'),
      import('../shared/workbook-password.js'),
    ]);
  const source = await openInput(f.io, file);
  try {
    const plan = await planInput(source, undefined);
    if (plan.mode !== 'bulk')
      throw new UsageError(
        `${source.label} is one record; a push reads a dispatch sheet or a file of shipments`,
      );
    await uploadFromCli(
      f,
      RESOURCES.shipment as never,
      source,
      plan.format,
      plainOptions({ dryRun }),
      workbookPassword(f, { passwordStdin: false, inputFromStdin: source.fromStdin === true }),
    );
    return false;
  } catch (error) {
    // Rows of the file left out are its own report's; the rest is pushed, and the run ends with exit 4.
    if (!(error instanceof ExitCode && error.exitCode === EXIT.rejected)) throw error;
    return true;
  } finally {
    await source.cleanup?.();
  }
}

/**
 * `intake push`: the tracking numbers this profile gave the service, to the marketplace its orders were
 * pulled from, exactly once per line. Each line is written `pushing` before its request leaves and its
 * outcome after; the marketplace is asked where each line stands just before (a cancelled line is
 * skipped, one it already has is done), so a run killed at any point is finished by the next.
 */
export async function pushRun(options: PushOptions, f: Factory): Promise<void> {
  const { marketplace } = options;
  const words = runWords(terminalLang(f.env));
  const json = (await f.settings()).output.value === 'json';
  const rowsLeft = options.file !== undefined && (await sendFile(f, options.file, options.dryRun));
  const { pushPulled, PUSH_OUTCOMES } = await import('../../cli/marketplace-runs.js');
  let stopped = false;
  const stop = f.interrupts.onInterrupt(() => {
    stopped = true;
  });
  const told = (outcome: PushOutcome) => {
    const { line } = outcome;
    if (json) {
      writeJsonLine(f, {
        marketplace,
        order_id: line.orderId,
        line_id: line.lineId,
        company_code: line.companyCode,
        tracking_number: line.trackingNumber,
        outcome: outcome.outcome,
        ...(outcome.code ? { code: outcome.code } : {}),
        message: outcome.message,
        ...(outcome.traceId ? { trace_id: outcome.traceId } : {}),
      });
    } else if (outcome.outcome !== 'pushed' && outcome.outcome !== 'already_pushed') {
      f.log.warn(words.pushed(line.orderId, line.lineId, outcome.outcome, outcome.message));
    }
  };
  let result;
  try {
    result = await pushPulled(f, marketplace, { dryRun: options.dryRun, stopped: () => stopped, told });
  } finally {
    stop();
  }
  const { lines, counts } = result;
  if (lines.length === 0) {
    f.log.info(words.nothingToPush(marketplace));
    if (json) writeJsonLine(f, { type: 'summary', marketplace, lines: 0, ...counts });
    if (rowsLeft) throw new ExitCode(EXIT.rejected);
    return;
  }
  if (options.dryRun) {
    f.log.info(words.wouldPush(marketplace, lines.length));
    await writeData(f, {
      json: lines.map((line) => ({
        marketplace,
        order_id: line.orderId,
        line_id: line.lineId,
        company_code: line.companyCode,
        tracking_number: line.trackingNumber,
      })),
      rows: lines,
      columns: [
        { header: 'order', value: (line) => line.orderId },
        { header: 'line', value: (line) => line.lineId },
        { header: 'carrier', value: (line) => line.companyCode },
        { header: 'tracking number', value: (line) => line.trackingNumber },
      ],
    });
    if (rowsLeft) throw new ExitCode(EXIT.rejected);
    return;
  }
  const summary = { type: 'summary', marketplace, lines: lines.length, ...counts };
  if (json) writeJsonLine(f, summary);
  else {
    await writeData(f, {
      json: summary,
      rows: PUSH_OUTCOMES.map((kind) => [kind.replace('_', ' '), counts[kind]] as const),
      columns: [
        { header: 'outcome', value: ([kind]) => kind },
        { header: 'lines', value: ([, count]) => count },
      ],
    });
  }
  if (counts.failed > 0) throw new ExitCode(EXIT.failure);
  if (counts.refused > 0 || counts.skipped > 0 || rowsLeft) throw new ExitCode(EXIT.rejected);
}

export function newPushCommand(
  f: Factory,
  runF: (options: PushOptions, f: Factory) => Promise<void> = pushRun,
): Command {
  return new Command('push')
    .description('Give a marketplace the tracking numbers of the orders pulled from it')
    .addArgument(marketplaceArgument())
    .argument(
      '[file]',
      'a dispatch sheet or file of shipments: sent to the service first, as intake shipment create does',
    )
    .option('--dry-run', 'say what would be pushed; send nothing')
    .addHelpText(
      'after',
      examples(
        'intake push naver',
        'intake push coupang 발송처리.xlsx',
        'intake push cafe24 --dry-run --json',
      ),
    )
    .action((name: string, file: string | undefined, flags: { dryRun?: boolean }) =>
      runF(
        {
          marketplace: marketplaceOf(name),
          ...(file === undefined ? {} : { file }),
          dryRun: flags.dryRun === true,
        },
        f,
      ),
    );
}
