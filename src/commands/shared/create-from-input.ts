import type { Resource } from '../../bulk/resources.js';
import type { UploadOptions } from '../../bulk/options.js';
import { openInput, planInput } from '../../bulk/source.js';
import type { Factory } from '../../cli/factory.js';
import { createOne } from './create-one.js';
import { check } from '../../contract/index.js';
import { UsageError } from '../../cli/errors.js';
import { describeIssues } from '../../cli/report-error.js';

/**
 * Creates what an input holds: one record (a JSON object) is sent on its own; many (a JSON array,
 * NDJSON or CSV) go through the bulk upload, which is loaded only then.
 */
export async function createFromInput<T>(
  f: Factory,
  resource: Resource<T>,
  file: string | undefined,
  options: UploadOptions,
): Promise<void> {
  const source = await openInput(f.io, file);
  try {
    const plan = await planInput(source, options.format);
    if (plan.mode === 'single') {
      if (options.dryRun) {
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
      await createOne(f, resource, plan.record, source.label);
      return;
    }
    const { runUpload } = await import('../../bulk/upload.js');
    await runUpload(f, resource, source, plan.format, options);
  } finally {
    await source.cleanup();
  }
}
