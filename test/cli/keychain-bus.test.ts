import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openKeychain } from '../../src/cli/secrets.js';
import { tempDir } from '../helpers/temp.js';

/** The process's own D-Bus variables, put back after each test (the binding reads the real environment). */
const kept = {
  DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
  XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR,
};
afterEach(() => {
  for (const [name, value] of Object.entries(kept)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const env = { INTAKE_SECRET_STORAGE: 'keychain', INTAKE_KEYCHAIN_SERVICE: `intake-cli-bus-${process.pid}` };

describe.runIf(process.platform === 'linux')('the Secret Service without a D-Bus session bus', () => {
  it('is said to be missing, by name, rather than as the binding’s access error', async () => {
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.XDG_RUNTIME_DIR = tempDir('intake-runtime-');
    const opened = await openKeychain(env, { probe: true });
    expect(opened).toEqual({
      unavailable: 'no D-Bus session bus for the Secret Service: DBUS_SESSION_BUS_ADDRESS is not set',
    });
  });

  it('is looked for at $XDG_RUNTIME_DIR/bus when the address is not set', async () => {
    delete process.env.DBUS_SESSION_BUS_ADDRESS;
    const runtime = tempDir('intake-runtime-');
    mkdirSync(runtime, { recursive: true });
    // A file where the bus would be: the binding is asked, and no keychain answers there.
    writeFileSync(join(runtime, 'bus'), '');
    process.env.XDG_RUNTIME_DIR = runtime;
    const opened = await openKeychain(env, { probe: true });
    expect('unavailable' in opened && opened.unavailable).toMatch(/^no keychain answered/);
  });
});
