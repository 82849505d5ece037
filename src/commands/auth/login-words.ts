import type { Factory } from '../../cli/factory.js';
import { keychainKo } from '../../cli/origin-words.js';
import { unavailableKo } from '../../cli/support-words-ko.js';
import { refusalIn } from '../../client/answer-words.js';
import { terminalLang } from '../../util/terminal-lang.js';

/** Where `intake login` kept the secret: a keychain by its name, or the config file and why no keychain. */
export type SecretKept = { keychain: string } | { file: string; unavailable: string };

/** What `intake login` asks and says at a terminal: in Korean at a Korean terminal. */
export interface LoginWords {
  baseUrl: string;
  /** An address that is not http(s), and the one it most likely meant (see `withSchemeGuessed`). */
  baseUrlInvalid: (meant: string | undefined) => string;
  accessKeyId: string;
  accessKeyIdEmpty: string;
  secret: (kept: boolean) => string;
  /** The service refused the credentials (its reason, in English), and they are asked for again. */
  tryAgain: (reason: string) => string;
  loggedIn: (baseUrl: string, accessKeyId: string, profile: string) => string;
  keptIn: (where: SecretKept) => string;
}

const ENGLISH: LoginWords = {
  baseUrl: 'Base URL of the service',
  baseUrlInvalid: (meant) =>
    `Enter an http:// or https:// URL${meant === undefined ? '' : ` (did you mean ${meant}?)`}`,
  accessKeyId: 'Access key id',
  accessKeyIdEmpty: 'Enter the access key id',
  secret: (kept) => (kept ? 'Secret access key (Enter keeps the stored one: ********)' : 'Secret access key'),
  tryAgain: (reason) =>
    `the service refused these credentials: ${reason.replace(/\.$/, '')}; try again (Ctrl-C to stop)`,
  loggedIn: (baseUrl, accessKeyId, profile) =>
    `Logged in to ${baseUrl} as ${accessKeyId}; saved in profile "${profile}".`,
  keptIn: (where) =>
    `The secret is kept in ${'keychain' in where ? where.keychain : `${where.file} (mode 0600, plain text; ${where.unavailable})`}.`,
};

const KOREAN: LoginWords = {
  baseUrl: '서비스 주소 (Base URL)',
  baseUrlInvalid: (meant) =>
    `http:// 또는 https://로 시작하는 주소를 적으세요${meant === undefined ? '' : ` (혹시 ${meant} 주소인가요?)`}`,
  accessKeyId: '액세스 키 ID',
  accessKeyIdEmpty: '액세스 키 ID를 적으세요',
  secret: (kept) => (kept ? '비밀 키 (Enter: 저장된 키를 그대로 씀 ********)' : '비밀 키'),
  tryAgain: (reason) =>
    `서비스가 이 인증 정보를 받지 않았습니다: ${refusalIn(reason) ?? reason}. 다시 적으세요 (멈추려면 Ctrl-C)`,
  loggedIn: (baseUrl, accessKeyId, profile) =>
    `${baseUrl}에 ${accessKeyId}(으)로 로그인했습니다. 프로필 "${profile}"에 저장했습니다.`,
  keptIn: (where) =>
    `비밀 키는 ${'keychain' in where ? keychainKo(where.keychain) : `${where.file} (권한 0600, 암호화하지 않은 글; ${unavailableKo(where.unavailable)})`}에 보관합니다.`,
};

export const loginWords = (f: Factory): LoginWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
