import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { fileErrorReason } from '../util/file-errors.js';
import { makeFolder } from '../util/make-folder.js';

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

/** The config file could not be read as JSON (edited by hand, cut short by a full disk). */
export class ConfigUnreadable extends UsageError {
  constructor(path: string, reason: string) {
    super(`the config file ${path} cannot be read: ${reason}`, [
      'Mend it (it is JSON), or move it aside and run intake login again.',
    ]);
    this.name = 'ConfigUnreadable';
  }
}

/**
 * Profiles in one JSON file (mode 0600, in a folder of mode 0700, since it holds secrets). The file is
 * read on each access, so two runs at once see each other's changes, and written whole and atomically
 * (a temporary file renamed over it: a run killed mid-write leaves the old one). Read with the platform
 * alone, so that a command that only reads settings loads nothing more.
 */
export class ConfigStore {
  readonly dir: string;
  readonly path: string;

  constructor(dir: string) {
    this.dir = dir;
    try {
      makeFolder(dir);
      chmodSync(dir, 0o700);
    } catch (error) {
      throw new UsageError(`cannot use the config folder ${dir}: ${fileErrorReason(error)}`, [
        'Set INTAKE_CONFIG_DIR to a folder of yours.',
      ]);
    }
    this.path = join(dir, 'config.json');
  }

  #read(): ConfigData {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new ConfigUnreadable(this.path, (error as Error).message);
    }
    if (text.trim() === '') return {};
    try {
      const data = JSON.parse(text) as unknown;
      if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error('not an object');
      return data as ConfigData;
    } catch (error) {
      throw new ConfigUnreadable(this.path, (error as Error).message);
    }
  }

  /** Reads, changes and writes the file in one step (the writer is loaded first: commands that only read never load it). */
  async #update(change: (data: ConfigData) => void): Promise<void> {
    const { writeFileSync } = await import('atomically');
    const data = this.#read();
    change(data);
    writeFileSync(this.path, `${JSON.stringify(data, undefined, '\t')}\n`, { mode: 0o600 });
  }

  /** The profile chosen with `intake config use`, if any. */
  currentProfile(): string | undefined {
    return this.#read().current_profile;
  }

  useProfile(name: string): Promise<void> {
    return this.#update((data) => {
      data.current_profile = name;
    });
  }

  profileNames(): string[] {
    return Object.keys(this.#read().profiles ?? {});
  }

  profile(name: string): Profile | undefined {
    return this.#read().profiles?.[name];
  }

  /** Sets (or with undefined, removes) settings of a profile, creating it if needed. */
  updateProfile(name: string, changes: Partial<Record<ProfileKey, string | undefined>>): Promise<void> {
    return this.#update((data) => {
      const profiles = { ...data.profiles };
      const next: Profile = { ...profiles[name] };
      for (const [key, value] of Object.entries(changes) as [ProfileKey, string | undefined][]) {
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
      profiles[name] = next;
      data.profiles = profiles;
    });
  }

  async deleteProfile(name: string): Promise<boolean> {
    let deleted = false;
    await this.#update((data) => {
      const profiles = { ...data.profiles };
      if (!(name in profiles)) return;
      deleted = true;
      delete profiles[name];
      data.profiles = profiles;
      if (data.current_profile === name) delete data.current_profile;
    });
    return deleted;
  }
}
