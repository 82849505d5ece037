// A throw-away PostgreSQL cluster for tests, the soak and the bench: initdb and pg_ctl (Debian's
// postgresql package) on a temporary folder and a free port, run as an unprivileged user when this
// process is root (PostgreSQL refuses to run as root). Trust authentication on loopback only.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The folder of initdb and pg_ctl: INTAKE_POSTGRES_BIN, Debian's newest version, or the PATH. */
export function findPostgresBin() {
  const candidates = [];
  if (process.env.INTAKE_POSTGRES_BIN) candidates.push(process.env.INTAKE_POSTGRES_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(debian, version, 'bin'));
  }
  for (const folder of (process.env.PATH ?? '').split(':')) if (folder) candidates.push(folder);
  return candidates.find(
    (folder) => existsSync(join(folder, 'initdb')) && existsSync(join(folder, 'pg_ctl')),
  );
}

/** A port nobody listens on now (the system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program as `user` (root cannot run PostgreSQL), or as this user. */
function runAs(user, program, args, options = {}) {
  const [file, argv] =
    user === undefined ? [program, args] : ['runuser', ['-u', user, '--', program, ...args]];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

/** The unprivileged user to run as when root: `postgres` (the package makes it), else `nobody`. */
function serverUser() {
  if (userInfo().uid !== 0) return undefined;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return 'postgres';
  } catch {
    return 'nobody';
  }
}

function ownerIds(user) {
  const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
  return { uid, gid };
}

/**
 * Starts a cluster. `durable: false` (tests) turns fsync off: a test kills the service's processes,
 * never the database's machine. Resolves to { url, port, stop() } where url names the `postgres`
 * database as the superuser `intake`; undefined when no PostgreSQL binaries are installed.
 */
export async function startPostgresCluster(options = {}) {
  const bin = options.bin ?? findPostgresBin();
  if (bin === undefined) return undefined;
  const user = serverUser();
  const folder = mkdtempSync(join(tmpdir(), 'intake-pg-'));
  const data = join(folder, 'data');
  const sockets = join(folder, 'sockets');
  execFileSync('mkdir', ['-p', data, sockets]);
  if (user !== undefined) {
    const { uid, gid } = ownerIds(user);
    for (const path of [folder, data, sockets]) chownSync(path, uid, gid);
  }
  chmodSync(folder, 0o755);
  const port = await freePort();
  const pgCtl = (args) => runAs(user, join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const settings = [
    `-p ${port}`,
    `-k ${sockets}`,
    '-c listen_addresses=127.0.0.1',
    `-c max_connections=${options.maxConnections ?? 300}`,
    `-c shared_buffers=${options.sharedBuffers ?? '128MB'}`,
    ...(options.durable ? [] : ['-c fsync=off', '-c full_page_writes=off']),
    // Any other server settings (e.g. `shared_preload_libraries=pg_stat_statements` to profile).
    ...(options.settings ?? []).map((setting) => `-c ${setting}`),
  ].join(' ');
  const up = () => pgCtl(['-l', join(folder, 'server.log'), '-o', settings, '-w', '-t', '60', 'start']);
  const down = () => pgCtl(['-m', 'immediate', '-w', 'stop']);
  const stop = () => {
    try {
      down();
    } catch {
      // not running
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    runAs(user, join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'intake',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--locale=C',
    ]);
    up();
  } catch (error) {
    const output = `${error.stderr?.toString() ?? ''}${error.stdout?.toString() ?? ''}`.trim();
    stop();
    throw new Error(`could not start a PostgreSQL cluster: ${output || error.message}`, { cause: error });
  }
  // down: the server going away (every connection ended at once); up: back on the same port and data.
  return { url: `postgres://intake@127.0.0.1:${port}/postgres`, port, stop, down, up };
}
