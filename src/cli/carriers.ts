import { readFile } from 'node:fs/promises';
import { BUILT_IN_CARRIERS, CARRIER_CODE } from '../contract/carrier-list.js';
import type { Carrier } from '../contract/carriers.js';
import { CarrierNames } from '../input/carrier-names.js';
import { UsageError } from './errors.js';
import type { Factory } from './factory.js';
import { describeIssues } from './report-error.js';

/** The carriers a run knows, and where the list came from. */
export interface CarrierBook {
  carriers: readonly Carrier[];
  /** Whose list it is, for people: "the built-in list", "carriers.json (--carriers)". */
  source: string;
  has(code: string): boolean;
  name(code: string): string | undefined;
  /**
   * The code a carrier is given by: its code, display name or a common short name (`CJ대한통운`, `CJ`,
   * `우체국택배`), any case or spacing. A value of a code's form that the list lacks is kept as it is (a
   * service may know it); anything else is unknown, with the closest carriers as suggestions.
   */
  resolve(
    text: string,
  ): { code: string } | { unknown: string; closest: string[] } | { ambiguous: string; candidates: string[] };
}

export function carrierBook(carriers: readonly Carrier[], source: string): CarrierBook {
  const byCode = new Map(carriers.map((carrier) => [carrier.code, carrier]));
  let names: CarrierNames | undefined;
  return {
    carriers,
    source,
    has: (code) => byCode.has(code),
    name: (code) => byCode.get(code)?.name,
    resolve(text) {
      if (byCode.has(text)) return { code: text };
      names ??= new CarrierNames(carriers);
      const code = names.codeOf(text);
      if (code !== undefined) return { code };
      const candidates = names.ambiguous(text);
      if (candidates.length > 0) return { ambiguous: text, candidates };
      if (CARRIER_CODE.test(text)) return { code: text };
      return { unknown: text, closest: names.closest(text) };
    },
  };
}

/** Reads a carriers file: a JSON list of `{code, name}` (the format `intake serve --carriers` takes). */
export async function readCarriersFile(path: string, origin: string): Promise<Carrier[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read the carriers file ${path} (${origin}): ${(error as Error).message}`);
  }
  const { CarrierList, check } = await import('../contract/index.js');
  const checked = check(CarrierList, parsed, []);
  if (!checked.ok) {
    throw new UsageError(`${path} (${origin}) is not a list of carriers:`, describeIssues(checked.issues));
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
  return carrierBook(BUILT_IN_CARRIERS, "the built-in list (the spec's 26 codes)");
}
