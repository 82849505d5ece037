import { UsageError } from './errors.js';

const HOSTS = 'Use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every network it is on).';

/**
 * Why a server of ours could not listen, in words, and what to do: `intake serve` and `intake ui`
 * (`inUse`: what to do when the port is taken, where the command's choices differ).
 */
export function listenFailure(
  host: string,
  port: number,
  error: unknown,
  inUse = 'Give another with --port, or --port 0 for a free one.',
): UsageError {
  const code = (error as { code?: string } | null)?.code;
  const where = `cannot listen on ${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new UsageError(`${where}: another program uses that port`, [inUse]);
    case 'EACCES':
      return new UsageError(`${where}: this user may not use that port`, [
        'Ports below 1024 need administrator rights: give one from 1024 up with --port.',
      ]);
    case 'EADDRNOTAVAIL':
      return new UsageError(`${where}: ${host} is not an address of this machine`, [HOSTS]);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UsageError(`${where}: no host is called ${host}`, [HOSTS]);
    default:
      return new UsageError(`${where}: ${code ?? (error instanceof Error ? error.message : String(error))}`);
  }
}
