import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { spawnServe } from '../../bench/lib/processes.js';
import { tempDir } from '../helpers/temp.js';

const RUN = join(import.meta.dirname, '..', '..', 'bench', 'run.js');

/**
 * `node bench/run.js ARGS` to its end: its exit code and what it printed. In a process group of its own,
 * ended whole with the test: arguments it failed to refuse would start a run and its servers.
 */
function bench(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    onTestFinished(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run bench: its arguments', () => {
  it('--help prints how to run it and measures nothing', async () => {
    const run = await bench(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: node bench\/run.js \[FIGURE \.\.\.\]/);
    expect(run.stdout).toContain('Figures: startup clients ingest bulk');
    expect(run.stdout).not.toMatch(/^(met|NOT MET) |written \(/m);
  });

  it('an unknown figure or option, or a rounds count that is no number, is refused (exit 2), not run as all', async () => {
    for (const args of [['ingets'], ['--quick'], ['ingest', '--rounds', 'x'], ['toString']]) {
      const run = await bench(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(/^bench\/run\.js: (unknown|--rounds)/);
      expect(run.stdout, args.join(' ')).toBe('');
    }
  });
});

describe('npm run bench: the services it starts', () => {
  it("stopping an `intake serve` that is already gone (killed from outside) ends at once, so the run reports the figure's failure", async () => {
    const data = tempDir('intake-bench-serve-');
    const serve = await spawnServe(['--data', join(data, 'data')]);
    process.kill(serve.pid, 'SIGKILL');
    await expect.poll(() => existsSync(`/proc/${serve.pid}`)).toBe(false);
    // Before, this waited for an `exit` that had already come: the run hung, then Node left it unsettled.
    await expect(serve.stop()).resolves.toBeUndefined();
  });
});
