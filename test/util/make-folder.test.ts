import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileErrorReason } from '../../src/util/file-errors.js';
import { makeFolder } from '../../src/util/make-folder.js';
import { workspace } from '../helpers/files.js';

const reasonOf = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return fileErrorReason(error);
  }
  return 'made';
};

describe('makeFolder', () => {
  it('makes the missing folders of a path, private; one already there is fine', () => {
    const files = workspace();
    const deep = join(files.dir, 'a', 'b', 'c');
    makeFolder(deep);
    makeFolder(deep);
    for (const folder of [join(files.dir, 'a'), join(files.dir, 'a', 'b'), deep])
      expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it('says why a folder cannot be made: a file on the way, a file system that makes none', () => {
    const files = workspace();
    const file = files.write('a-file', 'x');
    expect(reasonOf(() => makeFolder(join(file, 'below')))).toBe(
      'a part of its path is a file, not a folder',
    );
    expect(reasonOf(() => makeFolder(file))).toBe('a part of its path is a file, not a folder');
  });

  // Node's mkdirSync(path, { recursive: true }) spins for ever there (the folder above exists, the
  // folder "does not").
  it.skipIf(!existsSync('/proc/self'))('returns at once under /proc, with why', () => {
    expect(reasonOf(() => makeFolder('/proc/intake-test/a/b'))).toBe('no folder can be made there');
  });
});
