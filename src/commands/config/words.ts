import type { Factory } from '../../cli/factory.js';
import { originKo } from '../../cli/origin-words.js';
import { terminalLang } from '../../util/terminal-lang.js';

// What `intake config` tells a person, and where a setting comes from in a terminal's table, in Korean at
// a Korean terminal. The tables' headers, JSON, CSV and a pipe's rows stay as they are in any locale; the
// errors are worded where every error is (cli/error-words.ts).

export interface ConfigWords {
  configFile: (path: string) => string;
  set: (key: string, profile: string) => string;
  removed: (key: string, profile: string) => string;
  notSetIn: (key: string, profile: string) => string;
  notSet: (key: string) => string;
  nowUsing: (profile: string) => string;
  /** A setting's source (flag, env, profile, keychain, default, unset), in a terminal's table. */
  source: (source: string) => string;
  /** Where exactly a setting comes from, in a terminal's table. */
  origin: (origin: string) => string;
}

const ENGLISH: ConfigWords = {
  configFile: (path) => `Config file: ${path}`,
  set: (key, profile) => `Set ${key} of profile "${profile}".`,
  removed: (key, profile) => `Removed ${key} from profile "${profile}".`,
  notSetIn: (key, profile) => `${key} is not set in profile "${profile}"; nothing to do.`,
  notSet: (key) => `${key} is not set`,
  nowUsing: (profile) => `Now using profile "${profile}".`,
  source: (source) => source,
  origin: (origin) => origin,
};

const SOURCES: Readonly<Record<string, string>> = {
  flag: '옵션',
  env: '환경 변수',
  profile: '프로필',
  keychain: '키체인',
  default: '기본값',
  unset: '설정 안 됨',
};

const KOREAN: ConfigWords = {
  configFile: (path) => `설정 파일: ${path}`,
  set: (key, profile) => `프로필 "${profile}"의 ${key}을(를) 설정했습니다.`,
  removed: (key, profile) => `프로필 "${profile}"에서 ${key}을(를) 지웠습니다.`,
  notSetIn: (key, profile) =>
    `프로필 "${profile}"에 ${key}이(가) 설정되어 있지 않습니다. 바꿀 것이 없습니다.`,
  notSet: (key) => `${key}이(가) 설정되어 있지 않습니다`,
  nowUsing: (profile) => `이제 프로필 "${profile}"을(를) 씁니다.`,
  source: (source) => SOURCES[source] ?? source,
  origin: originKo,
};

/** The words for this terminal. */
export const configWords = (f: Factory): ConfigWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
