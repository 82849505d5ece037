import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Binding from '@napi-rs/keyring';
import { CliError, EXIT } from './errors.js';
import type { Env } from './factory.js';

/** How long a keychain may take to answer before it counts as not answering. */
const KEYCHAIN_TIMEOUT_MS = 5_000;

/** The OS keychain: macOS Keychain, Windows Credential Manager, or a Secret Service on Linux. */
export interface Keychain {
  /** What it is, for people. */
  readonly name: string;
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

/** The keychain account of a profile's secret. */
export const keychainAccount = (profile: string, accessKeyId: string) => `${profile}:${accessKeyId}`;

/** The keychain did not do as asked: which keychain, and its own words. */
export class KeychainError extends CliError {
  constructor(
    readonly keychain: string,
    readonly why: string,
    message: string,
    hint: string,
  ) {
    super(message, EXIT.failure, [hint]);
    this.name = 'KeychainError';
  }
}

/**
 * A keychain that answered its probe and then did not keep a secret (locked since, its service gone, a
 * time-out): nothing was stored, and what to do is said.
 */
export class KeychainFailed extends KeychainError {
  constructor(keychain: string, why: string) {
    super(
      keychain,
      why,
      `${keychain} did not keep the secret: ${why}`,
      'Unlock it and try again, or keep secrets in the config file (INTAKE_SECRET_STORAGE=file).',
    );
    this.name = 'KeychainFailed';
  }
}

/**
 * A keychain that answered and then could not be read (locked, a time-out): what it keeps is unknown
 * here, not absent. A keychain with no entry, or no keyring daemon at all, answers "nothing there".
 */
export class KeychainUnreadable extends KeychainError {
  constructor(keychain: string, why: string) {
    super(
      keychain,
      why,
      `${keychain} could not be read: ${why}`,
      'Unlock it and try again; what it keeps is unchanged.',
    );
    this.name = 'KeychainUnreadable';
  }
}

const KEYCHAIN_NAMES: Record<string, string> = {
  darwin: 'the macOS Keychain',
  win32: 'the Windows Credential Manager',
};

function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS);
  return Promise.race([
    work(signal),
    new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () =>
        reject(new Error(`no answer within ${KEYCHAIN_TIMEOUT_MS / 1000} s`)),
      ),
    ),
  ]);
}

/**
 * Why no Secret Service can answer here, if that is so: on Linux it is reached over the D-Bus session
 * bus, found from DBUS_SESSION_BUS_ADDRESS or at $XDG_RUNTIME_DIR/bus. Read from the process's own
 * environment, as the binding reads it. Said this way, a terminal without a desktop session (SSH, CI, a
 * container) is told what is missing, and the binding is not loaded for nothing.
 */
function noSessionBus(): string | undefined {
  if (process.platform !== 'linux' || process.env.DBUS_SESSION_BUS_ADDRESS) return undefined;
  const runtime = process.env.XDG_RUNTIME_DIR;
  if (runtime && existsSync(join(runtime, 'bus'))) return undefined;
  return 'no D-Bus session bus for the Secret Service: DBUS_SESSION_BUS_ADDRESS is not set';
}

/**
 * Opens the OS keychain, or says why it cannot be used: `INTAKE_SECRET_STORAGE` is `file`, or the binding
 * does not load on this platform. With `probe` (before storing a secret), it also writes and removes an
 * entry, since a keychain that cannot be reached still answers "nothing there" to a lookup (no D-Bus
 * session or Secret Service on Linux, a locked keychain that would prompt, a time-out).
 */
export async function openKeychain(
  env: Env,
  options: { probe: boolean },
): Promise<{ keychain: Keychain } | { unavailable: string }> {
  if (env.INTAKE_SECRET_STORAGE === 'file') return { unavailable: 'INTAKE_SECRET_STORAGE is file' };
  const missing = noSessionBus();
  if (missing) return { unavailable: missing };
  const service = env.INTAKE_KEYCHAIN_SERVICE || 'intake-cli';
  let AsyncEntry: typeof Binding.AsyncEntry;
  try {
    // Required, not imported: an ESM import of this CommonJS binding costs ~20 ms more (measured), and
    // every command that reads a secret pays it.
    ({ AsyncEntry } = createRequire(import.meta.url)('@napi-rs/keyring') as typeof Binding);
  } catch (error) {
    return { unavailable: `no keychain binding for this platform (${(error as Error).message})` };
  }
  const name = KEYCHAIN_NAMES[process.platform] ?? 'the Secret Service (D-Bus)';
  const keychain: Keychain = {
    name,
    get: async (account) =>
      (await withTimeout((signal) => new AsyncEntry(service, account).getPassword(signal))) ?? undefined,
    set: (account, secret) =>
      withTimeout((signal) => new AsyncEntry(service, account).setPassword(secret, signal)).catch(
        (error: unknown) => {
          throw new KeychainFailed(name, error instanceof Error ? error.message : String(error));
        },
      ),
    delete: (account) => withTimeout((signal) => new AsyncEntry(service, account).deleteCredential(signal)),
  };
  if (!options.probe) return { keychain };
  const probe = `intake-cli availability check ${process.pid}`;
  try {
    await keychain.set(probe, 'probe');
    await keychain.delete(probe);
    return { keychain };
  } catch (error) {
    return { unavailable: `no keychain answered: ${(error as Error).message}` };
  }
}
