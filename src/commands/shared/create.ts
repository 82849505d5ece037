import type { UploadOptions } from '../../bulk/options.js';
import type { Resource, ResourceName } from '../../bulk/resources.js';
import { openInput, planInput, type InputPlan, type InputSource } from '../../bulk/source.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { createOne } from './create-one.js';
import { workbookPassword } from './workbook-password.js';

/** What a create command runs with: a file (or standard input), or one record built from flags. */
export interface CreateOptions {
  resource: ResourceName;
  file?: string;
  /** A record from flags, with the flag that gave each field (for messages). */
  fromFlags?: { record: Record<string, unknown>; flags: Record<string, string> };
  upload: UploadOptions;
}

/**
 * Creates what the options say: a record from flags, or what an input holds. One record (a JSON object)
 * is sent on its own; many (a JSON array, NDJSON, CSV or a workbook) go through the bulk upload, loaded
 * only then. Both draw on the same sources for what a record leaves out (`record-sources.ts`).
 */
export async function createRun(options: CreateOptions, f: Factory): Promise<void> {
  const source = options.fromFlags ? undefined : await openInput(f.io, options.file);
  try {
    await createFrom(f, options, source);
  } catch (error) {
    // The input removed or made unreadable while it is read: a usage error that says so, not a crash.
    const failed = error as NodeJS.ErrnoException;
    if (source && failed.path === source.path && failed.code !== undefined) {
      throw new UsageError(
        `cannot read ${source.label}: ${failed.code === 'ENOENT' ? 'it was removed' : failed.message}`,
      );
    }
    throw error;
  } finally {
    await source?.cleanup();
  }
}

async function createFrom(
  f: Factory,
  options: CreateOptions,
  source: InputSource | undefined,
): Promise<void> {
  const { resource: name, upload } = options;
  const password = workbookPassword(f, {
    passwordStdin: upload.passwordStdin,
    inputFromStdin: source?.fromStdin === true,
  });
  const plan: InputPlan = source
    ? await planInput(source, upload.format)
    : { mode: 'single', record: options.fromFlags?.record };
  if (plan.mode === 'bulk' && source) {
    const [{ runUpload }, { RESOURCES }] = await Promise.all([
      import('../../bulk/upload.js'),
      import('../../bulk/resources.js'),
    ]);
    await runUpload(f, RESOURCES[name] as Resource<unknown>, source, plan.format, upload, password);
    return;
  }
  if (plan.mode === 'bulk') throw new Error('a bulk input without a source');
  if (upload.sheet !== undefined || upload.passwordStdin) {
    throw new UsageError(
      `${upload.sheet !== undefined ? '--sheet' : '--password-stdin'} is for .xlsx workbooks`,
    );
  }
  const [{ openLedgerFor }, { recordContext }] = await Promise.all([
    import('../../bulk/open-ledger.js'),
    import('../../bulk/record-sources.js'),
  ]);
  // A single record needs the ledger only to fill in what it leaves out; without one it says it all.
  const ledger = name === 'product' ? undefined : await openLedgerFor(f).catch(() => undefined);
  try {
    const context = await recordContext(f, name, {
      ...(upload.carriers === undefined ? {} : { carriers: upload.carriers }),
      ...(upload.products === undefined ? {} : { products: upload.products }),
      password,
      ...(ledger ? { ledger } : {}),
    });
    await createOne(f, name, plan.record, {
      label: source?.label ?? 'the flags',
      ...(options.fromFlags ? { flags: options.fromFlags.flags } : {}),
      dryRun: upload.dryRun,
      context,
    });
  } finally {
    ledger?.close();
  }
}
