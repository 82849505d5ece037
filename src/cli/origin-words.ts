/**
 * Where a setting came from (`--base-url`, `INTAKE_BASE_URL`, `profile "shop"`, `default`, the OS
 * keychain), in Korean: a profile and the keychain named so, flags and variables as they are.
 */
export function originKo(origin: string): string {
  if (origin === 'default') return '기본값';
  if (origin === 'the real API') return '실제 API';
  if (origin === 'intake config use') return 'intake config use로 고른 프로필';
  return origin
    .replace(/^the OS keychain \(profile "(.*)"\)$/, (_, name: string) => `OS 키체인 (프로필 "${name}")`)
    .replace(/profile "(.*)"/, (_, name: string) => `프로필 "${name}"`);
}

/** A keychain's name ("the Secret Service (D-Bus)") as a Korean sentence names it, without the article. */
export const keychainKo = (name: string): string => name.replace(/^the /, '');
