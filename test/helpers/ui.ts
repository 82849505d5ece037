import type { RetryPolicy } from '../../src/client/retry.js';
import { InterruptHub } from '../../src/cli/interrupts.js';
import { cli, type CliResult } from './cli.js';

/** `intake ui` running in-process through the CLI's Factory, and how to stop it as Ctrl-C does. */
export interface UiRun {
  /** The address printed, with its token. */
  url: string;
  origin: string;
  /** Ctrl-C, then the run's end (its exit code and what it printed). */
  stop(): Promise<CliResult>;
}

/** Starts `intake ui --no-open --json` with `env`, and waits for the line with its address. */
export async function startUi(
  env: Record<string, string>,
  options: { patientRetry?: RetryPolicy } = {},
): Promise<UiRun> {
  const hub = new InterruptHub();
  let out = '';
  let found: (url: string) => void = () => {};
  const printed = new Promise<string>((resolve) => (found = resolve));
  const run = cli(['ui', '--no-open', '--json'], {
    env,
    interrupts: hub,
    ...options,
    onStdout: (text) => {
      out += text;
      if (out.includes('\n')) found((JSON.parse(out.split('\n')[0] as string) as { url: string }).url);
    },
  });
  const url = await Promise.race([
    printed,
    run.then((result) => {
      throw new Error(`intake ui ended (${result.code}): ${result.stderr}`);
    }),
  ]);
  return {
    url,
    origin: new URL(url).origin,
    stop: async () => {
      hub.interrupt();
      return run;
    },
  };
}
