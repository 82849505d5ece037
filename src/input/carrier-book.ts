import { CARRIER_CODE } from '../contract/carrier-list.js';
import type { Carrier } from '../contract/carriers.js';
import { CarrierNames } from './carrier-names.js';

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
