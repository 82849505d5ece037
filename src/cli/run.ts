import { EXIT } from './errors.js';
import type { Factory } from './factory.js';
import { buildProgram } from './program.js';
import { reportError } from './report-error.js';

/** Runs one command line in-process and returns its exit code; tests call this with their own Factory. */
export async function runCli(argv: readonly string[], f: Factory): Promise<number> {
  try {
    await buildProgram(f).parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    return await reportError(f, error);
  } finally {
    await f.close();
  }
}
