// The check stage of an upload: the check pass over the opened input, telling how far it is, and once
// more when the file named a product in full only after a row that gave just its id.
import type { RecordContext } from '../input/record-context.js';
import { checkUnits, type CheckResult } from './check/check.js';
import type { UploadContext } from './context.js';
import type { UnitSource } from './layout/units.js';

/**
 * The check pass, telling how far it is; once more when a row gave only the id of a product that a later
 * row of the file gives in full (the second pass knows it from the first row on, as the send pass will).
 */
export async function checkStage(
  context: UploadContext,
  units: UnitSource,
  label: string,
  records: RecordContext,
): Promise<CheckResult> {
  const file = records.fileProducts;
  const first = await checkPass(context, units, label);
  if (!file?.givenLate()) {
    file?.freeze();
    return first;
  }
  first.release();
  file.freeze();
  return await checkPass(context, units, label);
}

async function checkPass(context: UploadContext, units: UnitSource, label: string): Promise<CheckResult> {
  const checking = (count: number, done?: boolean) =>
    context.events?.({
      type: 'checking',
      label,
      unitName: units.unitName,
      units: count,
      ...(done ? { done } : {}),
    });
  checking(0);
  let count = 0;
  try {
    return await checkUnits(
      units,
      (units) => {
        count = units;
        checking(units);
      },
      // Every problem is listed with --verbose: keep them all.
      { keepAllProblems: context.verbose === true },
    );
  } finally {
    checking(count, true);
  }
}
