import type { Resource, ResourceName } from '../../bulk/resources.js';
import type { UploadOptions } from '../../bulk/options.js';
import { openInput, planInput } from '../../bulk/source.js';
import type { Factory } from '../../cli/factory.js';
import { createOne } from './create-one.js';
import { UsageError } from '../../cli/errors.js';
import { describeIssues } from '../../cli/report-error.js';

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
      if (options.dryRun) {
        const [{ check }, { RESOURCES }] = await Promise.all([
          import('../../contract/validation.js'),
          import('../../bulk/resources.js'),
        ]);
        const resource = RESOURCES[name] as Resource<unknown>;
        const checked = check(resource.schema, plan.record, []);
        if (!checked.ok) {
          throw new UsageError(
            `the ${resource.name} from ${source.label} is invalid:`,
            describeIssues(checked.issues),
          );
        }
        f.log.info(`The ${resource.name} from ${source.label} is valid (dry run: nothing was sent).`);
        return;
      }
      await createOne(f, name, plan.record, { label: source.label });
      return;
    }
    const [{ runUpload }, { RESOURCES }] = await Promise.all([
      import('../../bulk/upload.js'),
      import('../../bulk/resources.js'),
    ]);
    await runUpload(f, RESOURCES[name] as Resource<unknown>, source, plan.format, options);
  } finally {
    await source.cleanup();
  }
}
