import { normalizeServiceUrl } from '../../client/service-address.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { dataDir } from '../../cli/paths.js';
import { Ledger, type LedgerTarget } from './ledger.js';

/** Opens the upload ledger in the data folder; a failure says where, and what to do. */
export function openLedger(f: Factory): Ledger {
  return new Ledger(dataDir(f.env));
}

/** The service and access key id the settings name: whose records the ledger reads and writes. */
export async function ledgerTarget(f: Factory): Promise<LedgerTarget> {
  const settings = await f.settings();
  if (settings.baseUrlError) throw settings.baseUrlError;
  const accessKeyId = settings.accessKeyId?.value;
  if (accessKeyId === undefined) {
    throw new UsageError('no access key id is set, so there is no ledger to show', [
      'Choose one with --profile, or set INTAKE_ACCESS_KEY_ID.',
    ]);
  }
  const address = settings.baseUrl.value.replace(/\/+$/, '');
  return { service: normalizeServiceUrl(settings.baseUrl.value), accessKeyId, address };
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
