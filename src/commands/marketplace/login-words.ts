import type { Factory } from '../../cli/factory.js';
import type { KeptIn } from '../../cli/marketplace-credentials.js';
import { keychainKo, originKo } from '../../cli/origin-words.js';
import { unavailableKo } from '../../cli/support-words-ko.js';
import { MARKETPLACE_LABELS, MARKETPLACE_NAMES, type Marketplace } from '../../marketplaces/names.js';
import { terminalLang } from '../../util/terminal-lang.js';

// What `intake marketplace login` and `logout` ask and say at a terminal, in Korean at a Korean terminal.
// The questions name each field as the marketplace's own pages do (Korean first at a Korean terminal).
// Errors are worded where every error is (cli/error-words.ts).

/** The fields a login asks for, by the flag that gives each. */
export type LoginField =
  | 'naverClientId'
  | 'naverClientSecret'
  | 'vendorId'
  | 'accessKey'
  | 'secretKey'
  | 'mallId'
  | 'cafe24ClientId'
  | 'cafe24ClientSecret'
  | 'code';

export interface MarketplaceLoginWords {
  ask: Readonly<Record<LoginField, string>>;
  consent: (address: string) => string;
  waiting: (redirectUri: string) => string;
  /** At a terminal, with a loopback redirect address: Intake waits there, and a paste is taken too. */
  waitingOrPaste: (redirectUri: string) => string;
  /** What the marketplace's check proved (the connector says it in English). */
  checked: (marketplace: Marketplace, what: string) => string;
  kept: (marketplace: Marketplace, where: KeptIn, profile: string) => string;
  /** Credentials checked at an address the environment gave: the profile's own, and how to keep this one. */
  addressFromEnvironment: (
    used: { value: string; origin: string },
    kept: { value: string; origin: string },
    profile: string,
    command: string,
  ) => string;
  removed: (marketplace: Marketplace, profile: string) => string;
  noneKept: (marketplace: Marketplace, profile: string) => string;
}

const ENGLISH: MarketplaceLoginWords = {
  ask: {
    naverClientId: 'Application id (애플리케이션 ID)',
    naverClientSecret: 'Application secret (애플리케이션 시크릿)',
    vendorId: 'Vendor id (업체코드, A0…)',
    accessKey: 'Access key',
    secretKey: 'Secret key',
    mallId: 'Cafe24 mall id',
    cafe24ClientId: 'App client id',
    cafe24ClientSecret: 'App client secret',
    code: 'Paste the code from the address you were sent to (…?code=…)',
  },
  consent: (address) =>
    `Open this address, sign in to the mall and allow Intake (orders, products, shipping):\n  ${address}`,
  waiting: (redirectUri) => `Waiting for the consent at ${redirectUri} (Ctrl-C to stop)…`,
  waitingOrPaste: (redirectUri) =>
    `Intake waits for the consent at ${redirectUri}; should the browser show an error there, paste the code below.`,
  checked: (marketplace, what) => `${MARKETPLACE_LABELS[marketplace]}: ${what}.`,
  kept: (marketplace, where, profile) =>
    `${MARKETPLACE_LABELS[marketplace]} credentials kept in ${
      'keychain' in where ? where.keychain : `the config file (${where.unavailable})`
    } for profile "${profile}".`,
  addressFromEnvironment: (used, kept, profile, command) =>
    `They are for ${used.value} (${used.origin}); without it, profile "${profile}" uses ${kept.value} (${kept.origin}). ` +
    `To keep this address for it: ${command}`,
  removed: (marketplace, profile) =>
    `${MARKETPLACE_LABELS[marketplace]} credentials of profile "${profile}" removed.`,
  noneKept: (marketplace, profile) =>
    `No ${MARKETPLACE_LABELS[marketplace]} credentials were kept for profile "${profile}".`,
};

/** What each connector's check proved, in Korean. */
const CHECKED: Readonly<Record<string, string>> = {
  'a token was issued': '토큰을 발급받았습니다',
  'a signed request was answered': '서명한 요청에 응답을 받았습니다',
  'the token works': '토큰이 작동합니다',
};

const nameKo = (marketplace: Marketplace): string => MARKETPLACE_NAMES[marketplace].ko;

const KOREAN: MarketplaceLoginWords = {
  ask: {
    naverClientId: '애플리케이션 ID',
    naverClientSecret: '애플리케이션 시크릿',
    vendorId: '업체코드 (A0…)',
    accessKey: '액세스 키 (Access Key)',
    secretKey: '시크릿 키 (Secret Key)',
    mallId: '카페24 쇼핑몰 ID',
    cafe24ClientId: '앱 클라이언트 ID (Client ID)',
    cafe24ClientSecret: '앱 클라이언트 시크릿 (Client Secret)',
    code: '이동한 주소의 code 값을 붙여 넣으세요 (…?code=…)',
  },
  consent: (address) =>
    `이 주소를 열어 쇼핑몰에 로그인하고 Intake를 허용하세요 (주문, 상품, 배송):\n  ${address}`,
  waiting: (redirectUri) => `${redirectUri}에서 동의를 기다립니다 (멈추려면 Ctrl-C)…`,
  waitingOrPaste: (redirectUri) =>
    `Intake가 ${redirectUri}에서 동의를 기다립니다. 그곳에서 브라우저에 오류가 보이면 아래에 코드를 붙여 넣으세요.`,
  checked: (marketplace, what) => `${nameKo(marketplace)}: ${CHECKED[what] ?? what}.`,
  kept: (marketplace, where, profile) =>
    `${nameKo(marketplace)} 인증 정보를 프로필 "${profile}"용으로 ${
      'keychain' in where ? keychainKo(where.keychain) : `설정 파일(${unavailableKo(where.unavailable)})`
    }에 보관했습니다.`,
  addressFromEnvironment: (used, kept, profile, command) =>
    `이 인증 정보는 ${used.value}(${used.origin})의 것입니다. 그 변수가 없으면 프로필 "${profile}"은(는) ${kept.value}(${originKo(kept.origin)})을(를) 씁니다. ` +
    `이 주소를 프로필에 저장하려면: ${command}`,
  removed: (marketplace, profile) => `프로필 "${profile}"의 ${nameKo(marketplace)} 인증 정보를 지웠습니다.`,
  noneKept: (marketplace, profile) =>
    `프로필 "${profile}"에 보관한 ${nameKo(marketplace)} 인증 정보가 없습니다.`,
};

export const marketplaceLoginWords = (f: Factory): MarketplaceLoginWords =>
  terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH;
