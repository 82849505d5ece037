import type { Resource, ResourceName } from '../../bulk/resources.js';
import { CliError, EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { writeData, type Column } from '../../cli/output.js';
import { describeIssues } from '../../cli/report-error.js';

/** The result of one write, as printed and as a line of a bulk report. */
export interface WriteResult {
  id: string;
  outcome: 'accepted' | 'already_registered' | 'updated';
  status: number;
  message: string;
}

export const WRITE_RESULT_COLUMNS: readonly Column<WriteResult>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'outcome', value: (row) => row.outcome },
  { header: 'status', value: (row) => row.status },
  { header: 'message', value: (row) => row.message },
];

export function writeResult(f: Factory, result: WriteResult): Promise<void> {
  return writeData(f, { json: result, rows: [result], columns: WRITE_RESULT_COLUMNS });
}

/**
 * Checks one record against the contract (an invalid one never reaches the network: exit 2) and sends
 * it. A 409 is a rejection (exit 4), unless an earlier attempt of this very request lost its answer: then
 * the record is already registered, most likely by that attempt.
 */
export async function createOne(
  f: Factory,
  name: ResourceName,
  input: unknown,
  source: { label: string; flags?: Record<string, string>; dryRun?: boolean },
): Promise<void> {
  const [{ check, BODY_MAX_BYTES }, { RESOURCES }] = await Promise.all([
    import('../../contract/index.js'),
    import('../../bulk/resources.js'),
  ]);
  const resource = RESOURCES[name] as Resource<unknown>;
  const checked = check(resource.schema, input, []);
  if (!checked.ok) {
    throw new UsageError(
      `the ${resource.name} from ${source.label} is invalid; nothing was sent:`,
      describeIssues(checked.issues, source.flags),
    );
  }
  const bytes = Buffer.byteLength(JSON.stringify(checked.value));
  if (bytes > BODY_MAX_BYTES) {
    throw new UsageError(
      `the ${resource.name} from ${source.label} is ${(bytes / (1024 * 1024)).toFixed(1)} MB as JSON; the service takes at most 1 MiB per request. Nothing was sent.`,
    );
  }
  if (source.dryRun) {
    f.log.info(`The ${resource.name} from ${source.label} is valid (dry run: nothing was sent).`);
    return;
  }
  const result = await resource.create(await f.apiClient(), checked.value);
  if (result.status === 409 && !result.uncertain) {
    throw new CliError(`${result.message} (HTTP 409)`, EXIT.rejected);
  }
  if (result.status === 409) {
    f.log.info(
      `${resource.name} ${resource.labelOf(checked.value)} is already registered (an earlier attempt got through).`,
    );
  }
  await writeResult(f, {
    id: resource.labelOf(checked.value),
    outcome: result.status === 202 ? 'accepted' : 'already_registered',
    status: result.status,
    message: result.message,
  });
}
