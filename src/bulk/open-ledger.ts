import { normalizeServiceUrl } from '../client/service-address.js';
import { CliError, EXIT, UsageError } from '../cli/errors.js';
import type { Factory } from '../cli/factory.js';
import { dataDir } from '../cli/paths.js';
import { Ledger, type LedgerTarget } from './ledger.js';

/** Opens the upload ledger in the data folder; a failure says where and how to choose another. */
export function openLedger(f: Factory): Ledger {
  const folder = dataDir(f.env);
  try {
    return new Ledger(folder);
  } catch (error) {
    throw new CliError(
      `cannot open the upload ledger in ${folder}: ${(error as Error).message}`,
      EXIT.failure,
      ['Intake keeps what uploads sent there; set INTAKE_DATA_DIR to use another folder.'],
    );
  }
}

/** The service and access key id the settings name: whose records the ledger reads and writes. */
export async function ledgerTarget(f: Factory): Promise<LedgerTarget> {
  const settings = await f.settings();
  const accessKeyId = settings.accessKeyId?.value;
  if (accessKeyId === undefined) {
    throw new UsageError('no access key id is set, so there is no ledger to show', [
      'Choose one with --profile, or set INTAKE_ACCESS_KEY_ID.',
    ]);
  }
  return { service: normalizeServiceUrl(settings.baseUrl.value), accessKeyId };
}

/**
 * The ledger, reading and writing the records of the service and credentials in use; when no access
 * key id is set (a dry run without credentials), it is open but names no service, so it knows nothing.
 */
export async function openLedgerFor(f: Factory): Promise<Ledger> {
  const ledger = openLedger(f);
  try {
    const target = await ledgerTarget(f).catch((error: unknown) => {
      if (error instanceof UsageError) return undefined;
      throw error;
    });
    if (target) ledger.useTarget(target);
    return ledger;
  } catch (error) {
    ledger.close();
    throw error;
  }
}
