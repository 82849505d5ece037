import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { openKeychain } from '../../src/cli/secrets.js';
import { patience } from './patience.js';
import { tempDir } from './temp.js';

/**
 * A Secret Service of a test's own: a D-Bus session bus and gnome-keyring on it, with an unlocked login
 * collection, so that a test may lock it without touching the keychain other test files share.
 */
export interface PrivateKeyring {
  /** The bus's address, for DBUS_SESSION_BUS_ADDRESS. */
  address: string;
  /** Locks the login collection, as a screen lock or `Lock` from another program does. */
  lock(): void;
  /** Unlocks it again, as its owner does with the password. */
  unlock(): Promise<void>;
  stop(): Promise<void>;
}

/** Whether this machine has what a private keyring needs (dbus-daemon, gnome-keyring, dbus-send). */
export function canRunPrivateKeyring(): boolean {
  return ['dbus-daemon', 'gnome-keyring-daemon', 'dbus-send'].every(
    (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0,
  );
}

const SERVICE = '/org/freedesktop/secrets';
const LOGIN = `${SERVICE}/collection/login`;

/** A call to the Secret Service: to the service's object, or to the login collection's for a property. */
function dbusSend(address: string, method: string, ...args: string[]) {
  const object = method.startsWith('org.freedesktop.DBus.Properties') ? LOGIN : SERVICE;
  return spawnSync(
    'dbus-send',
    ['--session', '--print-reply', '--dest=org.freedesktop.secrets', object, method, ...args],
    { env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address }, encoding: 'utf8' },
  );
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** A session bus's policy, listening at `address`, with no directories of services to start on demand. */
function busConfig(address: string): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>${address}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;
}

/**
 * Resolves once the login collection is the default one, where secrets are kept, and is unlocked: the
 * daemon answers on the bus before it has read the password, and a locked collection would prompt.
 */
async function unlocked(address: string, keyring: ChildProcess, bus: ChildProcess): Promise<void> {
  const deadline = Date.now() + patience(60_000);
  const ready = () =>
    dbusSend(address, 'org.freedesktop.Secret.Service.ReadAlias', 'string:default').stdout?.includes(
      LOGIN,
    ) === true &&
    /boolean false/.test(
      dbusSend(
        address,
        'org.freedesktop.DBus.Properties.Get',
        'string:org.freedesktop.Secret.Collection',
        'string:Locked',
      ).stdout ?? '',
    );
  while (!ready()) {
    if (Date.now() > deadline || keyring.exitCode !== null) {
      await Promise.all([stopped(keyring), stopped(bus)]);
      throw new Error('gnome-keyring did not answer on a private bus');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a bus and gnome-keyring on it; resolves once the keyring answers on the bus. */
export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const dir = tempDir('intake-keyring-');
  const address = `unix:path=${join(dir, 'bus')}`;
  // A bus that starts no service of its own: the session bus's configuration would start a second
  // gnome-keyring (locked, and without the password) for the first call that comes before ours owns the name.
  const config = join(dir, 'bus.conf');
  writeFileSync(config, busConfig(address));
  const bus = spawn('dbus-daemon', ['--nofork', `--config-file=${config}`, '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [printed] = (await once(bus.stdout, 'data')) as [Buffer];
  if (!printed.toString().startsWith('unix:')) throw new Error(`dbus-daemon said ${printed.toString()}`);
  const env = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: address,
    XDG_DATA_HOME: dir,
    XDG_RUNTIME_DIR: dir,
    HOME: dir,
  };
  // The login collection's password on standard input, from a file: the daemon reads it to its end.
  const password = join(dir, 'password');
  writeFileSync(password, 'private-keyring', { mode: 0o600 });
  const start = async () => {
    const input = openSync(password, 'r');
    const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
      env,
      stdio: [input, 'ignore', 'ignore'],
    });
    closeSync(input);
    await unlocked(address, daemon, bus);
    return daemon;
  };
  let keyring = await start();
  return {
    address,
    lock() {
      const locked = dbusSend(address, 'org.freedesktop.Secret.Service.Lock', `array:objpath:${LOGIN}`);
      if (locked.status !== 0) throw new Error(`the keyring was not locked: ${locked.stderr}`);
    },
    async unlock() {
      // The Secret Service unlocks only through a prompt; a daemon started again with the password
      // opens the same login collection (its file kept), unlocked, on the same bus.
      await stopped(keyring);
      keyring = await start();
    },
    async stop() {
      await stopped(keyring);
      await stopped(bus);
    },
  };
}

/**
 * A private keyring for this test file, started before its tests and stopped after them: this process's
 * `DBUS_SESSION_BUS_ADDRESS` points at it meanwhile (the keychain binding reads it there), and a keychain
 * under `env`'s service name keeps secrets before the tests begin. `runs` is false where the machine
 * lacks what it needs (a failure instead where INTAKE_TEST_KEYCHAIN=required).
 */
export function usePrivateKeyring(env: Record<string, string>): { runs: boolean; keyring(): PrivateKeyring } {
  const runs = canRunPrivateKeyring();
  if (!runs && process.env.INTAKE_TEST_KEYCHAIN === 'required') {
    throw new Error(
      'INTAKE_TEST_KEYCHAIN=required, but dbus-daemon, gnome-keyring-daemon or dbus-send is missing',
    );
  }
  let keyring: PrivateKeyring | undefined;
  const bus = process.env.DBUS_SESSION_BUS_ADDRESS;
  beforeAll(async () => {
    if (!runs) return;
    keyring = await startPrivateKeyring();
    process.env.DBUS_SESSION_BUS_ADDRESS = keyring.address;
    expect(await openKeychain(env, { probe: true })).toEqual({ keychain: expect.anything() });
  });
  afterAll(async () => {
    if (bus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = bus;
    await keyring?.stop();
  });
  return {
    runs,
    keyring: () => {
      if (!keyring) throw new Error('the private keyring is not started');
      return keyring;
    },
  };
}
