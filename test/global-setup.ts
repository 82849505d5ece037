import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Spawned `bin/intake.js` runs need the built CLI (tsc's dist/, joined into dist/bundle/): build it
 * when the sources are newer than the build.
 */
export default function setup(): void {
  const stamp = join(root, 'dist', 'bundle', 'main.js');
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= newestMtime(join(root, 'src'))) return;
  const run = (...args: string[]) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  run(join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json');
  run(join(root, 'scripts', 'bundle.js'));
}
