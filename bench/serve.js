// Starts `bin/intake.js serve` for a benchmark and says where it listens and with which credentials.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', 'bin', 'intake.js');

export function spawnServe(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const { url, merchants } = JSON.parse(out.split('\n')[0]);
      resolve({
        url,
        pid: child.pid,
        merchant: merchants[0],
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`intake serve exited with ${code}`)));
  });
}
