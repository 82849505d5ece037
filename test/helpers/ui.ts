import type { RetryPolicy } from '../../src/client/retry.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { afterEach, expect } from 'vitest';
import { cli, type CliResult } from './cli.js';
import { tempDir } from './temp.js';

/** `intake ui` running in-process through the CLI's Factory, and how to stop it as Ctrl-C does. */
export interface UiRun {
  /** The one-time address printed, with its token. */
  url: string;
  /** The page's address (its base path, `…/p/<secret>/`), for a browser signed in. */
  address: string;
  origin: string;
  /** Ctrl-C, then the run's end (its exit code and what it printed). */
  stop(): Promise<CliResult>;
}

/**
 * Starts `intake ui --no-open --json` with `env` (on a free port unless `args` say otherwise), and waits
 * for the line with its address.
 */
export async function startUi(
  env: Record<string, string>,
  options: { patientRetry?: RetryPolicy; args?: string[]; open?: boolean } = {},
): Promise<UiRun> {
  const hub = new InterruptHub();
  let out = '';
  let found: (line: { url: string; address: string }) => void = () => {};
  const printed = new Promise<{ url: string; address: string }>((resolve) => (found = resolve));
  const { args = ['--port', '0'], open = false, ...rest } = options;
  const run = cli(['ui', ...(open ? [] : ['--no-open']), '--json', ...args], {
    env,
    interrupts: hub,
    ...rest,
    onStdout: (text) => {
      out += text;
      if (out.includes('\n'))
        found(JSON.parse(out.split('\n')[0] as string) as { url: string; address: string });
    },
  });
  const { url, address } = await Promise.race([
    printed,
    run.then((result) => {
      throw new Error(`intake ui ended (${result.code}): ${result.stderr}`);
    }),
  ]);
  return {
    url,
    address,
    origin: new URL(url).origin,
    stop: async () => {
      hub.interrupt();
      return run;
    },
  };
}

/**
 * `intake ui` runs a test starts with the environment it chooses: each one `start` starts is stopped after
 * its test, which fails if it did not end cleanly, unless the test stopped it first with `stop` (to see
 * what a restart keeps, say).
 */
export function useUiRuns(): {
  start: (env: Record<string, string>, options?: Parameters<typeof startUi>[1]) => Promise<UiRun>;
  stop: (ui: UiRun) => Promise<CliResult>;
} {
  const open: UiRun[] = [];
  afterEach(async () => {
    for (const ui of open.splice(0)) expect((await ui.stop()).code).toBe(0);
  });
  return {
    start: async (env, options) => {
      const ui = await startUi(env, options);
      open.push(ui);
      return ui;
    },
    stop: async (ui) => {
      if (open.includes(ui)) open.splice(open.indexOf(ui), 1);
      return ui.stop();
    },
  };
}

/** `env` with a data and a config folder of its own (temporary), as a person's first `intake ui` has. */
export const ownFolders = (
  env: Record<string, string>,
): Record<string, string> & { INTAKE_DATA_DIR: string; INTAKE_CONFIG_DIR: string } => ({
  ...env,
  INTAKE_DATA_DIR: tempDir('intake-data-'),
  INTAKE_CONFIG_DIR: tempDir('intake-config-'),
});

/**
 * Starts, for each call, `intake ui` for the service `env()` names with a data and a config folder of its
 * own; each is stopped after its test, which fails if it did not end cleanly.
 */
export function useUis(env: () => Record<string, string>): () => Promise<UiRun> {
  const uis = useUiRuns();
  return () => uis.start(ownFolders(env()));
}
