import type { UploadOptions } from '../../bulk/options.js';
import type { Resource, ResourceName } from '../../bulk/resources.js';
import { openInput, planInput } from '../../bulk/source.js';
import type { Factory } from '../../cli/factory.js';
import { createOne } from './create-one.js';

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
 * is sent on its own; many (a JSON array, NDJSON or CSV) go through the bulk upload, loaded only then.
 */
export async function createRun(options: CreateOptions, f: Factory): Promise<void> {
  const { resource: name, upload } = options;
  if (options.fromFlags) {
    await createOne(f, name, options.fromFlags.record, {
      label: 'the flags',
      flags: options.fromFlags.flags,
      dryRun: upload.dryRun,
      ...(upload.carriers === undefined ? {} : { carriers: upload.carriers }),
    });
    return;
  }
  const source = await openInput(f.io, options.file);
  try {
    const plan = await planInput(source, upload.format);
    if (plan.mode === 'single') {
      await createOne(f, name, plan.record, {
        label: source.label,
        dryRun: upload.dryRun,
        ...(upload.carriers === undefined ? {} : { carriers: upload.carriers }),
      });
      return;
    }
    const [{ runUpload }, { RESOURCES }] = await Promise.all([
      import('../../bulk/upload.js'),
      import('../../bulk/resources.js'),
    ]);
    await runUpload(f, RESOURCES[name] as Resource<unknown>, source, plan.format, upload);
  } finally {
    await source.cleanup();
  }
}
