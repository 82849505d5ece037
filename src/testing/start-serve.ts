import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The command of this package, for a service started without a container. */
const BIN = fileURLToPath(new URL('../../bin/intake.js', import.meta.url));

export interface StartServeOptions {
  /** The image to start (`bash container/build.sh` makes localhost/intake-serve). */
  image?: string;
  /** `auto` (the default): the image where a container engine can run it, else this package's command. */
  using?: 'auto' | 'image' | 'command';
  /** PostgreSQL instead of a SQLite file of its own (`INTAKE_SERVE_DATABASE_URL`). */
  databaseUrl?: string;
  /** Further flags of `intake serve` (`--apply-delay 0`, `--faults …`). */
  args?: readonly string[];
}

/** A service started for a test: where it answers, the credentials it takes, and how to stop it. */
export interface StartedServe {
  baseUrl: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** How it was started: `podman`, `buildah` (chroot isolation, the host's network) or `command`. */
  using: 'podman' | 'buildah' | 'command';
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Whether `program` can start a container of `image` here (some machines build images but cannot run them). */
async function canRun(program: 'podman' | 'buildah', image: string): Promise<boolean> {
  try {
    if (program === 'podman')
      await run('podman', ['run', '--rm', '--entrypoint', '/usr/local/bin/node', image, '-e', '0']);
    else await run('buildah', ['inspect', '--type', 'image', image]);
    return true;
  } catch {
    return false;
  }
}

async function answers(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/v1/health/`)).ok;
  } catch {
    return false;
  }
}

/** Waits for the service to answer its health check, or for its process to end (then says why). */
async function untilUp(baseUrl: string, child: ChildProcess | undefined, said: () => string): Promise<void> {
  let ended = false;
  child?.once('exit', () => (ended = true));
  for (let tries = 0; !(await answers(baseUrl)); tries++) {
    if (ended || tries > 600) throw new Error(`intake serve did not start: ${said().slice(-500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts `intake serve` for a test, as Testcontainers does for a database: from its image where podman
 * (or buildah) can run it, else from this package's own command, on a free port with fresh
 * credentials; resolves once it answers its health check. `stop()` ends it and removes what it made.
 *
 *   const serve = await startServe({ args: ['--apply-delay', '0'] });
 *   process.env.INTAKE_BASE_URL = serve.baseUrl; …; await serve.stop();
 */
export async function startServe(options: StartServeOptions = {}): Promise<StartedServe> {
  // Long because it tries the image, then the command, and for each prepares, starts, waits for health and
  // makes stop(); the two paths share their clean-up.
  const image = options.image ?? 'localhost/intake-serve:latest';
  const credentials = {
    accessKeyId: `AKTEST${randomBytes(6).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(24).toString('base64url'),
  };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    INTAKE_SERVE_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    ...(options.databaseUrl === undefined ? {} : { INTAKE_SERVE_DATABASE_URL: options.databaseUrl }),
  };
  const flags = ['--access-key-id', credentials.accessKeyId, ...(options.args ?? [])];
  const using = options.using ?? 'auto';
  const tryImage = using !== 'command';
  if (tryImage && (await canRun('podman', image))) {
    const name = `intake-test-${port}`;
    const envFlags = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
    await run('podman', [
      'run',
      '-d',
      '--name',
      name,
      '-p',
      `127.0.0.1:${port}:8080`,
      ...envFlags,
      image,
      ...flags,
    ]);
    const stop = async () => void (await run('podman', ['rm', '-f', name]).catch(() => {}));
    await untilUp(baseUrl, undefined, () => '').catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    return { baseUrl, credentials, using: 'podman', stop };
  }
  const container =
    tryImage && (await canRun('buildah', image))
      ? (await run('buildah', ['from', image])).stdout.trim()
      : undefined;
  if (using === 'image' && container === undefined)
    throw new Error(`no container engine here can run ${image}`);
  // The command keeps its data in a folder of its own, removed at the end (the image has its own /data).
  const data =
    container === undefined && options.databaseUrl === undefined
      ? mkdtempSync(join(tmpdir(), 'intake-serve-'))
      : undefined;
  const command =
    container === undefined
      ? [
          process.execPath,
          [
            BIN,
            'serve',
            '--host',
            '127.0.0.1',
            '--port',
            String(port),
            ...(data ? ['--data', data] : []),
            ...flags,
          ],
        ]
      : ([
          'buildah',
          [
            'run',
            '--isolation',
            'chroot',
            ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
            container,
            '--',
            '/usr/local/bin/node',
            '/app/bin/intake.js',
            'serve',
            '--host',
            '127.0.0.1',
            '--port',
            String(port),
            ...flags,
          ],
        ] as const);
  let said = '';
  const child = spawn(command[0] as string, command[1] as string[], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (said += chunk));
  child.stderr?.on('data', (chunk) => (said += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await ended;
    }
    if (container !== undefined) await run('buildah', ['rm', container]).catch(() => {});
    if (data !== undefined) rmSync(data, { recursive: true, force: true });
  };
  try {
    await untilUp(baseUrl, child, () => said);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, credentials, using: container === undefined ? 'command' : 'buildah', stop };
}
