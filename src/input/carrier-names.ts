import { distance } from 'fastest-levenshtein';
import { carrierCrosswalk } from '../marketplaces/crosswalk.js';
import type { Marketplace } from '../marketplaces/names.js';

/**
 * Names people give carriers besides the display names of the list: short forms, former names, the
 * names marketplaces print in their sheets (Coupang's delivery list writes `CVS택배`, `BGF포스트`,
 * `씨웨이`, `호남택배`, as public integrations of it show). Only codes a list has are resolved through
 * these. A name two carriers go by (`우리택배`: Woori Logis, formerly 호남택배, and the CWAY service
 * Woori Express) names neither: it is refused with both, never guessed. Names of carriers the list does
 * not have (`농협택배`), or that may be another service of a carrier (`롯데글로벌`, Lotte's international
 * parcels beside 롯데택배), are not resolved either.
 */
export const CARRIER_ALIASES: Readonly<Record<string, readonly string[]>> = {
  self: ['직접배송', '직접전달', '자체배송', '직배송'],
  // 씨제이대한통운 is the company's name as registered in Korean.
  'kr.cjlogistics': ['CJ', 'CJ택배', '대한통운', 'CJ GLS', 'CJ대한통운택배', '씨제이', '씨제이대한통운'],
  'kr.epost': ['우체국', '우체국택배', '우체국소포', '우편'],
  'kr.lotte': ['롯데', '롯데글로벌로지스', '현대택배'],
  'kr.honamlogis': ['호남택배', '호남', '한서호남', '우리택배', '우리로지스'],
  'kr.cway': ['씨웨이', 'CWAY', '우리택배', 'Woori Express'],
  'kr.hanjin': ['한진'],
  'kr.logen': ['로젠'],
  'kr.kdexp': ['경동'],
  'kr.daesin': ['대신'],
  'kr.ilyanglogis': ['일양', '일양택배'],
  'kr.chunilps': ['천일'],
  'kr.hdexp': ['합동'],
  'kr.kunyoung': ['건영'],
  'kr.hanips': ['한의사랑'],
  // CU's parcel service is run by BGF Post (BGF Retail runs CU).
  'kr.cupost': ['CU', 'CU편의점', 'CU택배', 'CU Post', 'BGF포스트', 'BGF Post'],
  // GS Postbox was CVSnet; marketplaces still write CVS택배.
  'kr.cvsnet': ['GS', 'GS25', 'GS편의점택배', 'GS Postbox', '편의점택배 GS25', 'CVSnet', 'CVS', 'CVS택배'],
  'kr.homepick': ['홈픽택배'],
  'kr.slx': ['SLX'],
  'kr.swgexp': ['성원글로벌'],
  'un.upu.ems': ['EMS', '우체국EMS', '국제우편'],
  'us.fedex': ['페덱스'],
  'us.ups': ['유피에스'],
  'de.dhl': ['디에이치엘'],
};

/**
 * A name as compared: lower case, without spaces, punctuation or a trailing "택배" ("parcel service"),
 * so `우체국 택배`, `우체국택배` and `우체국` are one name, and `한진택배` is `한진`; nor a trailing
 * "편의점" ("convenience store") before it, so a store chain's parcel service is the chain's name
 * (`GS25편의점택배` is `GS25`, `CVSnet 편의점택배`, as Sweet Tracker's list names code 24, is `CVSnet`).
 * Letters and digits typed in a Korean input method's full-width mode (`ＣＪ대한통운`) are their own.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/[\s.,·()_-]+/g, '')
    .replace(/택배$/, '')
    .replace(/(?<=.)편의점$/, '');
}

/** A carrier of a list, with every name it is known by. */
export interface NamedCarrier {
  code: string;
  name: string;
}

/** A marketplace's code of a carrier as its APIs write it (`CJGLS`, `HYUNDAI`), not Cafe24's `per-mall`. */
const API_CODE = /^[A-Z][A-Z0-9_]+$/;

/**
 * Each carrier's codes on Smartstore and Coupang (the crosswalk's), which are names it goes by too: a
 * script that copies a marketplace's `HYUNDAI` or `KGB` means Lotte or Logen, as both marketplaces do.
 * No code stands for two carriers there. A code the crosswalk marks as inferred is not taken.
 */
function marketplaceCodes(): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  for (const row of carrierCrosswalk()) {
    const own = (Object.entries(row.codes) as [Marketplace, string][])
      .filter(([marketplace, code]) => !row.inferred.has(marketplace) && API_CODE.test(code))
      .map(([, code]) => code);
    codes.set(row.code, [...new Set(own)]);
  }
  return codes;
}

/** Finds carriers by name: code, display name, alias or marketplace code, any case or spacing. */
export class CarrierNames {
  readonly #byKey = new Map<string, Set<string>>();
  readonly #names: { key: string; code: string }[] = [];
  readonly #carriers: ReadonlyMap<string, NamedCarrier>;

  constructor(carriers: readonly NamedCarrier[]) {
    this.#carriers = new Map(carriers.map((carrier) => [carrier.code, carrier]));
    const add = (name: string, code: string) => {
      const key = nameKey(name);
      if (key === '') return;
      this.#names.push({ key, code });
      const known = this.#byKey.get(key) ?? new Set<string>();
      known.add(code);
      this.#byKey.set(key, known);
    };
    const onMarketplaces = marketplaceCodes();
    for (const carrier of carriers) {
      add(carrier.code, carrier.code);
      add(carrier.name, carrier.code);
      for (const alias of CARRIER_ALIASES[carrier.code] ?? []) add(alias, carrier.code);
      for (const code of onMarketplaces.get(carrier.code) ?? []) add(code, carrier.code);
    }
  }

  /** The code a name stands for, if exactly one carrier is known by it. */
  codeOf(name: string): string | undefined {
    const codes = this.#byKey.get(nameKey(name));
    return codes?.size === 1 ? [...codes][0] : undefined;
  }

  /** The carriers a name two or more of them go by could mean, as `code (name)`; empty otherwise. */
  ambiguous(name: string): string[] {
    const codes = this.#byKey.get(nameKey(name));
    if (!codes || codes.size < 2) return [];
    return [...codes].map((code) => `${code} (${this.#carriers.get(code)?.name ?? code})`);
  }

  /** Up to `count` carriers whose names are closest to `name`, as `code (name)`. */
  closest(name: string, count = 3): string[] {
    const key = nameKey(name);
    const best = new Map<string, number>();
    for (const entry of this.#names) {
      const score =
        key.length > 1 && (entry.key.includes(key) || key.includes(entry.key))
          ? 0
          : distance(key, entry.key) / Math.max(key.length, entry.key.length);
      best.set(entry.code, Math.min(best.get(entry.code) ?? Number.POSITIVE_INFINITY, score));
    }
    return [...best]
      .filter(([, score]) => score <= 0.6)
      .sort((a, b) => a[1] - b[1])
      .slice(0, count)
      .map(([code]) => `${code} (${this.#carriers.get(code)?.name ?? code})`);
  }
}
