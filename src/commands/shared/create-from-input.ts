import type { Resource, ResourceName } from '../../bulk/resources.js';
import type { UploadOptions } from '../../bulk/options.js';
import { openInput, planInput } from '../../bulk/source.js';
import type { Factory } from '../../cli/factory.js';
import { createOne } from './create-one.js';
import { followUpOptions } from './upload-options.js';

/**
 * Creates what an input holds: one record (a JSON object) is sent on its own; many (a JSON array,
 * NDJSON or CSV) go through the bulk upload, which is loaded only then.
 */
export async function createFromInput(
  f: Factory,
  name: ResourceName,
  file: string | undefined,
  options: UploadOptions,
): Promise<void> {
  const source = await openInput(f.io, file);
  try {
    const plan = await planInput(source, options.format);
    if (plan.mode === 'single') {
      await createOne(f, name, plan.record, { label: source.label, dryRun: options.dryRun === true });
      return;
    }
    const [{ runUpload }, { RESOURCES }] = await Promise.all([
      import('../../bulk/upload.js'),
      import('../../bulk/resources.js'),
    ]);
    await runUpload(f, RESOURCES[name] as Resource<unknown>, source, plan.format, {
      ...options,
      followUp: followUpOptions(options),
    });
  } finally {
    await source.cleanup();
  }
}
