import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

export const BIN = join(import.meta.dirname, '..', '..', 'bin', 'intake.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Processes run to their end that have not ended yet. */
const running = new Set<ChildProcess>();

/**
 * Ends what a test file started to run to its end and left running: a test that timed out waiting for
 * one (a `serve` that started where it should have refused) would otherwise leave it up after the run.
 */
export function stopLeftovers(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** What a finished process wrote and how it ended. */
function finished(child: ChildProcess): Promise<RunResult> {
  running.add(child);
  child.on('close', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `bin/intake.js` to the end, as a user's shell would. */
export function runBin(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; input?: string | Buffer; cwd?: string } = {},
): Promise<RunResult> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, INTAKE_SECRET_STORAGE: 'file', ...options.env },
    cwd: options.cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const result = finished(child);
  child.stdin.end(options.input);
  return result;
}

/** Runs a bash script to the end with `env` (and PATH, HOME), as a user's terminal would. */
export function runShell(script: string, env: Record<string, string | undefined> = {}): Promise<RunResult> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return finished(child);
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** The first line it printed (`--json`): where it listens, its data, the merchants it created. */
  banner: Record<string, unknown>;
  stderr: () => string;
  /** Sends a signal (to its whole process group, as a terminal's Ctrl-C does, when started `detached`) and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Ends a service a test started when the test ends, however it ends: a test that timed out never reaches
 * its own `stop`, and a service started `detached` (its own process group) would outlive the run.
 */
function endWithTest(child: ChildProcess, detached: boolean): void {
  try {
    onTestFinished(() => {
      try {
        // Its processes too, if one outlived the first (its group has its id).
        if (detached) process.kill(-(child.pid as number), 'SIGKILL');
        else if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    });
  } catch {
    // Started outside a test (a hook): the hook that started it stops it.
  }
}

/** A word as bash reads it, quoted. */
const shellWord = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * Starts `bin/intake.js serve --json` and waits for the line that says where it listens. `bash` is
 * shell text added to the command line, run by bash as a user's terminal would (`--secret-file <(…)`).
 */
export function spawnServe(
  args: readonly string[],
  env: Record<string, string> = {},
  options: { detached?: boolean; bash?: string } = {},
): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const argv = [BIN, 'serve', '--port', '0', '--json', ...args];
    const [command, commandArgs] =
      options.bash === undefined
        ? [process.execPath, argv]
        : ['bash', ['-c', `exec ${[process.execPath, ...argv].map(shellWord).join(' ')} ${options.bash}`]];
    const child = spawn(command, commandArgs, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: options.detached === true,
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) =>
      child.on('exit', (code, signal) => done(code ?? (signal ? -1 : null))),
    );
    child.stderr.on('data', (chunk) => (stderr += chunk));
    endWithTest(child, options.detached === true);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        const banner = JSON.parse(line) as { url: string };
        resolve({
          child,
          url: banner.url,
          banner,
          stderr: () => stderr,
          stop: async (signal = 'SIGTERM') => {
            if (options.detached) process.kill(-(child.pid as number), signal);
            else child.kill(signal);
            return exited;
          },
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}
