import { EXIT } from './errors.js';
import { createFactory } from './factory.js';
import { InterruptHub, type StopSignal } from './interrupts.js';
import { commandWord } from './program.js';
import { runCli } from './run.js';
import { guardUnfinished } from './unfinished.js';
import { UPLOADING } from './uploading.js';
import { letYoungGenerationGrow } from '../util/heap.js';
import { removeTemporariesNow } from '../util/temp-folders.js';
import { VERSION } from '../util/version.js';

const STOP_SIGNALS: readonly StopSignal[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: EXIT.interrupted, SIGTERM: 143, SIGHUP: 129 };

/**
 * Makes the CLI the only one deciding what a signal does. A dependency of `atomically` (the config file's writes, via
 * when-exit) adds its own SIGINT/SIGTERM listeners that re-raise the signal after its clean-up, which
 * would cut a graceful stop short; such listeners are removed as soon as they are added.
 */
function ownStopSignals(hub: InterruptHub): void {
  const own = new Set<(...args: unknown[]) => void>();
  process.on('newListener', (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (STOP_SIGNALS.includes(event as StopSignal) && !own.has(listener)) {
      queueMicrotask(() => process.removeListener(event, listener));
    }
  });
  for (const signal of STOP_SIGNALS) {
    const listener = () => {
      if (hub.interrupt(signal)) return;
      // Nothing can stop cleanly now: end at once (the exit removes the temporary files of the run).
      process.exit(SIGNAL_EXIT[signal]);
    };
    own.add(listener);
    process.on(signal, listener);
  }
}

/** The process entry: real streams, environment and signals. The only CLI code that touches `process`. */
export async function main(): Promise<void> {
  const interrupts = new InterruptHub();
  // However the process ends early (a signal, a closed pipe), its `finally` blocks do not run: the
  // temporary files of the run (a copy of standard input, a record from flags, a rejects file with
  // nothing in it yet) go as it exits.
  process.on('exit', removeTemporariesNow);
  ownStopSignals(interrupts);
  // A closed pipe (`intake ... | head`) is not an error worth a stack trace; output that cannot be written
  // (a full disk, a device that refuses it) is said in a line, and the run ends as a kill would end it.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    // Loaded only then: nothing of it is on every command's start.
    void import('./output-lost.js')
      .then(({ outputLostLine }) => outputLostLine(error, process.env))
      .then((line) => process.stderr.write(line))
      .finally(() => process.exit(EXIT.failure));
  });
  // Messages that cannot be written are lost, and the work goes on.
  process.stderr.on('error', () => {});
  const factory = createFactory({
    // Standard input is opened only when a command reads it: setting it up costs start-up time.
    io: {
      get stdin() {
        return process.stdin;
      },
      stdout: process.stdout,
      stderr: process.stderr,
    },
    env: process.env,
    version: VERSION,
    interrupts,
  });
  const argv = process.argv.slice(2);
  // The entry (bin/intake.js) may have kept the young generation small while the CLI loaded.
  if (!UPLOADING.has(commandWord(argv) ?? '')) letYoungGenerationGrow();
  let settled = false;
  guardUnfinished(
    process,
    (text) => process.stderr.write(text),
    () => settled,
  );
  process.exitCode = await runCli(argv, factory);
  settled = true;
  // A process started with a channel to its parent (one of `intake serve --workers`) would be kept alive
  // by it: the command is over, whatever its outcome, so the process ends, with the command's code (a
  // process of a cluster that is let go of ends with 0).
  if (process.connected) process.exit(process.exitCode);
}
