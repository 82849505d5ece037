import { EXIT } from './errors.js';
import type { Factory } from './factory.js';
import { buildProgram } from './program.js';

/** Runs one command line in-process and returns its exit code; tests call this with their own Factory. */
export async function runCli(argv: readonly string[], f: Factory): Promise<number> {
  try {
    await (await buildProgram(f, argv)).parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    // `--version` and `--help` end the parse by throwing; they are not errors.
    const code = (error as { code?: unknown }).code;
    if (code === 'commander.version' || code === 'commander.helpDisplayed' || code === 'commander.help') {
      return EXIT.ok;
    }
    // Loaded only when something is to be reported, which a plain run never needs.
    const { reportError } = await import('./report-error.js');
    return await reportError(f, error);
  } finally {
    await f.close();
  }
}
