import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

describe('what is installed runs on the Node the README names', () => {
  it('no package the CLI installs asks for a newer Node than ours (no EBADENGINE on npm install)', () => {
    const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(manifest.engines.node)?.version as string;
    expect(oldest).toBe('20.19.0');
    const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; engines?: { node?: string } }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.dev && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(oldest, entry.engines?.node as string))
      .map(([path, entry]) => `${path} (node ${entry.engines?.node})`);
    expect(refusing).toEqual([]);
  });
});
