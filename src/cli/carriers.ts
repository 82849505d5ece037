import { readFile } from 'node:fs/promises';
export { carrierBook, type CarrierBook } from '../input/carrier-book.js';
import { BUILT_IN_CARRIERS, BUILT_IN_LIST } from '../contract/carrier-list.js';
import type { Carrier } from '../contract/carriers.js';
import { carrierBook, type CarrierBook } from '../input/carrier-book.js';
import { UsageError } from './errors.js';
import { InvalidInput } from './invalid-input.js';
import { parseJsonGiven } from './json-file.js';
import type { Factory } from './factory.js';
import { readErrorReason } from '../util/file-errors.js';

/** Reads a carriers file: a JSON list of `{code, name}` (the format `intake serve --carriers` takes). */
export async function readCarriersFile(path: string, origin: string): Promise<Carrier[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the carriers file ${path} (${origin}): ${readErrorReason(error)}`);
  }
  const parsed = parseJsonGiven(`the carriers file ${path} (${origin})`, text);
  const { CarrierList, check } = await import('../contract/index.js');
  const checked = check(CarrierList, parsed, []);
  if (!checked.ok) {
    throw new InvalidInput(`${path} (${origin}) is not a list of carriers:`, checked.issues);
  }
  return checked.value;
}

/**
 * The carriers a command checks against: `--carriers FILE`, else the profile's `carriers` file, else the
 * built-in list (the spec's 26 codes). A code not in the list is still sent (with a warning): the list
 * is what this tool knows, not what a service must accept.
 */
export async function loadCarriers(f: Factory, flag: string | undefined): Promise<CarrierBook> {
  if (flag !== undefined)
    return carrierBook(await readCarriersFile(flag, '--carriers'), `${flag} (--carriers)`);
  const settings = await f.settings();
  const configured = settings.carriers;
  if (configured) {
    return carrierBook(
      await readCarriersFile(configured.value, configured.origin),
      `${configured.value} (${configured.origin})`,
    );
  }
  return carrierBook(BUILT_IN_CARRIERS, BUILT_IN_LIST);
}
