import type { ProductPatchBody } from '../../contract/product.js';
import { UsageError } from '../../cli/errors.js';
import { describeIssues } from '../../contract/loc.js';
import type { ValidationIssue } from '../../contract/validation.js';
import type { Lang } from '../../util/terminal-lang.js';

/**
 * A record's id given as an argument for a path (`order patch <id>`): as a person meant it (`="…"`
 * unwrapped), or a usage error before anything is sent when no id could be it (empty, or longer than
 * the service's ids).
 */
export async function recordIdArgument(what: 'order' | 'product', given: string): Promise<string> {
  const [{ unwrapExcelText }, { ID_MAX_LENGTH }] = await Promise.all([
    import('../../input/excel-text.js'),
    import('../../contract/fields.js'),
  ]);
  const id = unwrapExcelText(given, 'id');
  if (id.trim() === '') throw new UsageError(`the ${what} id is empty; nothing was sent`);
  if (id.length > ID_MAX_LENGTH) {
    throw new UsageError(
      `the ${what} id is ${id.length} characters long; the service's ids have at most ${ID_MAX_LENGTH}`,
    );
  }
  return id;
}

/**
 * Refuses flags the check found wrong: `refusal`, then a line for each reason, the flag it is about
 * named as `names` says (`--recipient-name`), each reason in `lang` (in the words the check of a file
 * uses for the same problem).
 */
export async function refuseFlags(
  refusal: string,
  found: readonly ValidationIssue[],
  names: Record<string, string>,
  lang: Lang,
): Promise<never> {
  let issues = found;
  if (lang === 'ko') {
    const { problemFromIssue, problemIn } = await import('../../bulk/index.js');
    issues = issues.map((issue) => ({ ...issue, msg: problemIn('ko', problemFromIssue(issue, '', '')) }));
  }
  throw new UsageError(refusal, describeIssues(issues, names));
}

/**
 * `--name` and `--image-url` checked as the service checks a product's name and image (either or
 * both, each valid); `refusal` begins the error that lists what is wrong, each reason in `lang`.
 */
export async function productFlags(
  flags: { name?: string; imageUrl?: string },
  refusal: string,
  lang: Lang,
): Promise<ProductPatchBody> {
  if (flags.name === undefined && flags.imageUrl === undefined) {
    throw new UsageError('give --name, --image-url or both');
  }
  const [{ ProductPatchBody }, { checkInput }] = await Promise.all([
    import('../../contract/index.js'),
    import('../../input/record-rules.js'),
  ]);
  const checked = checkInput('product_patch', ProductPatchBody, {
    name: flags.name,
    image_url: flags.imageUrl,
  });
  if (!checked.ok)
    return refuseFlags(refusal, checked.issues, { name: '--name', image_url: '--image-url' }, lang);
  return checked.value;
}
