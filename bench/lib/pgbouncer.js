// A throw-away PgBouncer (Debian's pgbouncer package) in front of a PostgreSQL cluster, in transaction
// mode, for the tests, the soak and the bench: the pooler a team puts between many service processes and
// one database. Run as an unprivileged user when this process is root (PgBouncer refuses root).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './postgres-cluster.js';

/** Where the pgbouncer program is: INTAKE_PGBOUNCER, or Debian's, or the PATH's; undefined when absent. */
export function findPgbouncer() {
  const candidates = [process.env.INTAKE_PGBOUNCER, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];
  for (const folder of (process.env.PATH ?? '').split(':'))
    if (folder) candidates.push(join(folder, 'pgbouncer'));
  return candidates.find((path) => path !== undefined && existsSync(path));
}

const runUser = () => {
  if (userInfo().uid !== 0) return undefined;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return 'postgres';
  } catch {
    return 'nobody';
  }
};

const listening = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * Starts PgBouncer in transaction mode in front of the cluster on `postgresPort` (every database,
 * the user `intake`, trust on loopback). Resolves to { port, url(database), stop() }, or undefined when
 * PgBouncer is not installed.
 */
export async function startPgbouncer(options) {
  const program = options.program ?? findPgbouncer();
  if (program === undefined) return undefined;
  const folder = mkdtempSync(join(tmpdir(), 'intake-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(folder, 'userlist.txt'), '"intake" ""\n');
  writeFileSync(
    join(folder, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=127.0.0.1 port=${options.postgresPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(folder, 'userlist.txt')}`,
      'pool_mode = transaction',
      `max_client_conn = ${options.maxClientConnections ?? 1000}`,
      `default_pool_size = ${options.poolSize ?? 20}`,
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${join(folder, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  const user = runUser();
  let ids = {};
  if (user !== undefined) {
    ids = {
      uid: Number(execFileSync('id', ['-u', user]).toString().trim()),
      gid: Number(execFileSync('id', ['-g', user]).toString().trim()),
    };
    for (const name of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(join(folder, name), ids.uid, ids.gid);
  }
  // Started as that user by the spawn itself (not through runuser, which a kill would end without it).
  const child = spawn(program, [join(folder, 'pgbouncer.ini')], { stdio: 'ignore', ...ids });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let tries = 0; !(await listening(port)); tries++) {
    if (exited || tries > 200) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start (${program})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    /** The same database as `url` names, through the pooler. */
    through(url) {
      const pooled = new URL(url);
      pooled.port = String(port);
      return pooled.toString();
    },
    stop() {
      if (!exited) child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
