import { EXIT } from './errors.js';

/** What `guardUnfinished` needs of the process: its `beforeExit`, its exit code and a place to write. */
export interface ExitingProcess {
  once(event: 'beforeExit', listener: () => void): unknown;
  exitCode?: number | string | null | undefined;
}

/**
 * A command whose work was left waiting on something that can no longer happen would end when Node
 * finds nothing left to do, with Node's own exit code 13 and not a word. This says so instead, once,
 * with exit 1 (`settled` says whether the command came to its end). Uploads are safe to run again.
 */
export function guardUnfinished(
  process: ExitingProcess,
  write: (text: string) => void,
  settled: () => boolean,
): void {
  process.once('beforeExit', () => {
    if (settled()) return;
    write(
      'error: the command stopped before it finished, with nothing left to wait for (a defect of intake; please report it).\n' +
        '  Run it again: an upload sends only what the service does not have.\n',
    );
    process.exitCode = EXIT.failure;
  });
}
