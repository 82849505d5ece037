import type { ProductPatchBody } from '../../contract/product.js';
import { UsageError } from '../../cli/errors.js';
import { InvalidInput } from '../../cli/invalid-input.js';

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
 * `--name` and `--image-url` checked as the service checks a product's name and image (either or
 * both, each valid); `refusal` begins the error that lists what is wrong.
 */
export async function productFlags(
  flags: { name?: string; imageUrl?: string },
  refusal: string,
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
    throw new InvalidInput(refusal, checked.issues, { name: '--name', image_url: '--image-url' });
  return checked.value;
}
