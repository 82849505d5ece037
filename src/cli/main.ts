import { EXIT } from './errors.js';
import { createFactory } from './factory.js';
import { InterruptHub } from './interrupts.js';
import { runCli } from './run.js';
import { VERSION } from './version.js';

/** The process entry: real streams, environment and signals. The only CLI code that touches `process`. */
export async function main(): Promise<void> {
  const interrupts = new InterruptHub();
  process.on('SIGINT', () => {
    if (!interrupts.interrupt()) process.exit(EXIT.interrupted);
  });
  // A closed pipe (`intake ... | head`) is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw error;
  });
  const factory = createFactory({
    io: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
    env: process.env,
    version: VERSION,
    interrupts,
  });
  process.exitCode = await runCli(process.argv.slice(2), factory);
}
