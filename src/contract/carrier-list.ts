// The built-in carriers as plain data, so that the CLI can list them without loading the schemas.

/** How the CLI names this list when it is the one in use. */
export const BUILT_IN_LIST = "the built-in list (the spec's 26 codes)";

/** Whose list of carriers is in use, in Korean: the built-in one named so, a file as given, from a profile. */
export const carrierListKo = (source: string): string =>
  source === BUILT_IN_LIST
    ? '기본 목록 (명세의 코드 26개)'
    : source.replace(/\(profile "(.*)"\)$/, (_, name: string) => `(프로필 "${name}")`);

/** What a carrier code looks like: `self`, or a country prefix and a carrier id (`kr.cjlogistics`, `un.upu.ems`). */
export const CARRIER_CODE = /^(?:self|[a-z]{2}(?:\.[a-z0-9_-]+)+)$/;

/** The code for delivery by the merchant itself; its tracking number must be the literal `self`. */
export const SELF_DELIVERY = 'self';

/**
 * The 26 carrier codes of the service, as ids of the Delivery Tracker project's classic carrier list,
 * with the names buyers know them by.
 */
export const BUILT_IN_CARRIERS: readonly { code: string; name: string }[] = [
  { code: SELF_DELIVERY, name: '직접 배송 (self delivery)' },
  { code: 'kr.chunilps', name: '천일택배' },
  { code: 'kr.cjlogistics', name: 'CJ대한통운' },
  { code: 'kr.cupost', name: 'CU 편의점택배' },
  { code: 'kr.cvsnet', name: 'GS Postbox 택배' },
  { code: 'kr.cway', name: 'CWAY (Woori Express)' },
  { code: 'kr.daesin', name: '대신택배' },
  { code: 'kr.epost', name: '우체국 택배' },
  { code: 'kr.hanips', name: '한의사랑택배' },
  { code: 'kr.hanjin', name: '한진택배' },
  { code: 'kr.hdexp', name: '합동택배' },
  { code: 'kr.homepick', name: '홈픽' },
  { code: 'kr.honamlogis', name: '한서호남택배' },
  { code: 'kr.ilyanglogis', name: '일양로지스' },
  { code: 'kr.kdexp', name: '경동택배' },
  { code: 'kr.kunyoung', name: '건영택배' },
  { code: 'kr.logen', name: '로젠택배' },
  { code: 'kr.lotte', name: '롯데택배' },
  { code: 'kr.slx', name: 'SLX 택배' },
  { code: 'kr.swgexp', name: '성원글로벌카고' },
  { code: 'us.fedex', name: 'FedEx' },
  { code: 'us.ups', name: 'UPS' },
  { code: 'us.usps', name: 'USPS' },
  { code: 'de.dhl', name: 'DHL' },
  { code: 'nl.tnt', name: 'TNT' },
  { code: 'un.upu.ems', name: 'EMS (국제우편)' },
];
