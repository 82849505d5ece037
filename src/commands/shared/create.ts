import {
  FLAGS_LABEL,
  openInput,
  planInput,
  type InputPlan,
  type InputSource,
  type Resource,
  type ResourceName,
  type UploadOptions,
} from '../../bulk/index.js';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import type { IOStreams } from '../../cli/io.js';
import { makeTempFolder, removeTempFolder } from '../../util/temp-folders.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
 * Creates what the options say: a record from flags, or what an input holds (one JSON object, or many in
 * a JSON array, NDJSON, CSV or a workbook). Every form goes through the same upload, loaded only then.
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
    // A pipe given by name (`<(…)`) is read once too, but standard input is still free for the password.
    inputFromStdin: source !== undefined && (options.file ?? '-') === '-',
  });
  const plan: InputPlan = source
    ? await planInput(source, upload.format)
    : { mode: 'single', record: options.fromFlags?.record };
  const [{ uploadFromCli }, { RESOURCES }] = await Promise.all([
    import('./upload-run.js'),
    import('../../bulk/index.js'),
  ]);
  const resource = RESOURCES[name] as Resource<unknown>;
  if (plan.mode === 'bulk') {
    if (!source) throw new Error('a bulk input without a source');
    await uploadFromCli(f, resource, source, plan.format, upload, password);
    return;
  }
  if (upload.sheet !== undefined || upload.passwordStdin) {
    throw new UsageError(
      `${upload.sheet !== undefined ? '--sheet' : '--password-stdin'} is for .xlsx workbooks`,
    );
  }
  // One record goes through the same upload as a file of many: the same checks, ledger, outcomes,
  // exit codes and --json lines.
  const single = await singleRecordSource(
    source?.label ?? FLAGS_LABEL,
    plan.text ?? JSON.stringify(plan.record),
  );
  try {
    await uploadFromCli(
      f,
      resource,
      single,
      'json',
      { ...upload, single: options.fromFlags ? { flags: options.fromFlags.flags } : {} },
      password,
    );
  } finally {
    await single.cleanup();
  }
}

/**
 * One record as an input of its own: a private JSON array of its text (as written, so that a record too
 * deeply nested to write again is still read, and refused, as in a file), named as where it came from.
 */
async function singleRecordSource(label: string, text: string): Promise<InputSource> {
  const folder = await makeTempFolder('intake-record-');
  try {
    const path = join(folder, 'record.json');
    await writeFile(path, `[${text}]\n`, { mode: 0o600 });
    const opened = await openInput({} as IOStreams, path);
    return { ...opened, label, fromStdin: false, cleanup: () => removeTempFolder(folder) };
  } catch (error) {
    await removeTempFolder(folder);
    throw error;
  }
}
