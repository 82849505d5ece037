import { serviceTextIn } from '../client/answer-words.js';
import { MARKETPLACE_NAMES } from '../marketplaces/names.js';
import { count } from '../util/count.js';
import { errorLineKo } from './error-words.js';
import { keychainKo } from './origin-words.js';
import { NO_CREDENTIALS, type MarketplaceSource, type SupportWords } from './support-words.js';

/** Where a marketplace's credentials come from (a keychain, the config file, the environment), in Korean. */
export const originKo = (origin: string): string =>
  origin === 'the config file' ? '설정 파일' : origin === 'environment' ? '환경 변수' : keychainKo(origin);

/** Why no keychain can be used, where a Korean terminal meets it most. */
const KOREAN_UNAVAILABLE: Readonly<Record<string, string>> = {
  'no D-Bus session bus for the Secret Service: DBUS_SESSION_BUS_ADDRESS is not set':
    'Secret Service에 닿을 D-Bus 세션 버스가 없습니다: DBUS_SESSION_BUS_ADDRESS가 설정되지 않았습니다',
  'INTAKE_SECRET_STORAGE is file': 'INTAKE_SECRET_STORAGE가 file입니다',
  '--insecure-storage': '--insecure-storage를 주었습니다',
};

/** Why no keychain can be used, in Korean where there are words for it. */
export function unavailableKo(reason: string): string {
  const known = KOREAN_UNAVAILABLE[reason];
  if (known !== undefined) return known;
  // A keychain that refused the probe's entry (locked, say): the keychain's error in Korean words.
  const refused = /^no keychain answered: (.+)$/.exec(reason);
  if (refused) return `키체인이 응답하지 않았습니다: ${errorLineKo(refused[1] ?? '')}`;
  const binding = /^no keychain binding for this platform \((.+)\)$/.exec(reason);
  if (binding) return `이 플랫폼에서 쓸 키체인 모듈이 없습니다 (${binding[1]})`;
  return reason;
}

/** Where a marketplace's keys come from, or that the keychain they may be in could not be read. */
function sourceWords({ origin, unreadable }: MarketplaceSource): string {
  if (origin) return `(${originKo(origin)})`;
  if (unreadable) return `알 수 없음 (${keychainKo(unreadable)}을(를) 읽을 수 없음)`;
  return '설정 안 됨';
}

/** The codes support's tables show (the service's health, where a secret is, yes and no), in Korean. */
const CELLS: ReadonlyMap<unknown, string> = new Map<unknown, string>([
  ['available', '사용 가능'],
  ['(environment)', '(환경 변수)'],
  ['environment', '환경 변수'],
  ['keychain', '키체인'],
  ['file', '설정 파일'],
  ['none', '없음'],
  [true, '예'],
  [false, '아니요'],
]);

export const KOREAN: SupportWords = {
  cell: (value) => CELLS.get(value) ?? value,
  // The service's reason, or why a profile could not be checked (a service not reached, a keychain not read).
  reason: (text) => (text === NO_CREDENTIALS ? '인증 정보 없음' : errorLineKo(serviceTextIn('ko', text))),
  storeWorking: '맞는 인증 정보를 intake login으로 저장하세요',
  secrets: (keychain, unavailable, configPath) =>
    `비밀 키 보관: ${keychain !== undefined ? keychainKo(keychain) : `키체인 없음 (${unavailableKo(unavailable ?? '')})`}; 설정 파일 ${configPath}.`,
  marketplaces: (sources) =>
    `마켓: ${sources
      .map((source) => `${MARKETPLACE_NAMES[source.marketplace].ko} ${sourceWords(source)}`)
      .join('; ')} (intake marketplace status로 확인합니다).`,
  noneSelected: (profile) =>
    `선택된 인증 정보가 없습니다: 프로필 "${profile}"이(가) 없고 환경 변수에도 없습니다.`,
  queued: (waiting) => `적용을 기다리는 송장 등록 ${count(waiting)}건`,
};
