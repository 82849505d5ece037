import { Ledger, type LedgerTarget } from '../bulk/index.js';
import { normalizeServiceUrl } from '../client/service-address.js';
import { UsageError } from './errors.js';
import type { Factory } from './factory.js';
import { dataDir } from './paths.js';

/** Opens the upload ledger in the data folder. */
export function openLedger(f: Factory): Ledger {
  return new Ledger(dataDir(f.env), () => f.now().getTime());
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

/** The target when the settings name one; none (a dry run without credentials) otherwise. */
export async function ledgerTargetIfAny(f: Factory): Promise<LedgerTarget | undefined> {
  try {
    return await ledgerTarget(f);
  } catch (error) {
    if (error instanceof UsageError && !(await f.settings()).baseUrlError) return undefined;
    throw error;
  }
}
