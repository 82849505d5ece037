import { chmodSync, mkdirSync } from 'node:fs';
import Conf from 'conf';

/** Settings a profile can hold. Keys are written as in the config file. */
export const PROFILE_KEYS = [
  'base_url',
  'sandbox_base_url',
  'access_key_id',
  'secret_access_key',
  'output',
  'timeout',
  'carriers',
  'secret_storage',
  'naver_base_url',
  'coupang_base_url',
  'cafe24_base_url',
  'cafe24_redirect_uri',
  /** Marketplace credentials kept in the file (JSON), where no keychain can hold them. */
  'marketplace_credentials',
] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type Profile = Partial<Record<ProfileKey, string>>;

interface ConfigData extends Record<string, unknown> {
  current_profile?: string;
  profiles?: Record<string, Profile>;
}

export { configDir } from './paths.js';

/**
 * Profiles in one JSON file (mode 0600, in a folder of mode 0700, since it holds secrets). The file is
 * read on each access, so two runs at once see each other's changes.
 */
export class ConfigStore {
  readonly #conf: Conf<ConfigData>;
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    this.#conf = new Conf<ConfigData>({
      cwd: dir,
      configName: 'config',
      projectSuffix: '',
      configFileMode: 0o600,
      accessPropertiesByDotNotation: false,
    });
  }

  get path(): string {
    return this.#conf.path;
  }

  /** The profile chosen with `intake config use`, if any. */
  currentProfile(): string | undefined {
    return this.#conf.get('current_profile');
  }

  useProfile(name: string): void {
    this.#conf.set('current_profile', name);
  }

  profileNames(): string[] {
    return Object.keys(this.#conf.get('profiles') ?? {});
  }

  profile(name: string): Profile | undefined {
    return this.#conf.get('profiles')?.[name];
  }

  /** Sets (or with undefined, removes) settings of a profile, creating it if needed. */
  updateProfile(name: string, changes: Partial<Record<ProfileKey, string | undefined>>): void {
    const profiles = { ...this.#conf.get('profiles') };
    const next: Profile = { ...profiles[name] };
    for (const [key, value] of Object.entries(changes) as [ProfileKey, string | undefined][]) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    profiles[name] = next;
    this.#conf.set('profiles', profiles);
  }

  deleteProfile(name: string): boolean {
    const profiles = { ...this.#conf.get('profiles') };
    if (!(name in profiles)) return false;
    delete profiles[name];
    this.#conf.set('profiles', profiles);
    if (this.currentProfile() === name) this.#conf.delete('current_profile');
    return true;
  }
}
