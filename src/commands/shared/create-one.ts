import type { Resource, ResourceName } from '../../bulk/resources.js';
import { AbortedError, ApiError, NetworkError } from '../../client/errors.js';
import { CliError, EXIT, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { writeData, type Column } from '../../cli/output.js';
import { describeIssues } from '../../cli/report-error.js';
import type { RecordContext } from '../../input/record-context.js';

/** The result of one write, as printed and as a line of a bulk report. */
export interface WriteResult {
  id: string;
  outcome: 'accepted' | 'already_registered' | 'updated' | 'rejected' | 'failed';
  status: number | null;
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

/** What a failed write says on stdout in JSON mode, so a script always gets an object; stderr says the rest. */
export async function writeFailure(f: Factory, id: string, error: unknown): Promise<void> {
  if ((await f.settings()).output.value !== 'json') return;
  if (error instanceof ApiError) {
    const message = Array.isArray(error.detail)
      ? describeIssues(error.detail).join('; ')
      : (error.detail ?? '');
    const outcome = error.status >= 500 || error.status === 429 ? 'failed' : 'rejected';
    await writeResult(f, { id, outcome, status: error.status, message });
  } else if (error instanceof NetworkError || error instanceof AbortedError) {
    await writeResult(f, { id, outcome: 'failed', status: null, message: error.message });
  }
}

/**
 * Checks one record by the input rules and the contract (an invalid one never reaches the network: exit
 * 2) and sends it. A 409 is a rejection (exit 4), unless an earlier attempt of this very request lost
 * its answer: then the record is already registered, most likely by that attempt.
 */
export async function createOne(
  f: Factory,
  name: ResourceName,
  input: unknown,
  source: { label: string; flags?: Record<string, string>; dryRun?: boolean; context: RecordContext },
): Promise<void> {
  const [{ BODY_MAX_BYTES }, { RESOURCES }, { checkInput }] = await Promise.all([
    import('../../contract/index.js'),
    import('../../bulk/resources.js'),
    import('../../input/record-rules.js'),
  ]);
  const resource = RESOURCES[name] as Resource<unknown>;
  const checked = checkInput(name, resource.schema, input, source.context);
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
  const carriers = source.context.carriers;
  const code = (checked.value as { company_code?: string }).company_code;
  if (carriers && code !== undefined && !carriers.has(code)) {
    f.log.warn(`company_code "${code}" is not in ${carriers.source}; sending it anyway`);
  }
  if (source.dryRun) {
    f.log.info(`The ${resource.name} from ${source.label} is valid (dry run: nothing was sent).`);
    return;
  }
  const id = resource.labelOf(checked.value);
  let result;
  try {
    result = await resource.create(await f.apiClient(), checked.value);
  } catch (error) {
    await writeFailure(f, id, error);
    throw error;
  }
  if (result.status === 409 && !result.uncertain) {
    if ((await f.settings()).output.value === 'json') {
      await writeResult(f, { id, outcome: 'rejected', status: 409, message: result.message });
    }
    throw new CliError(`${result.message} (HTTP 409)`, EXIT.rejected);
  }
  if (result.status === 409) {
    f.log.info(`${resource.name} ${id} is already registered (an earlier attempt got through).`);
  }
  await writeResult(f, {
    id,
    outcome: result.status === 202 ? 'accepted' : 'already_registered',
    status: result.status,
    message: result.message,
  });
}
