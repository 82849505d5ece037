import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { writeWhole } from '../../src/util/write-whole.js';
import { tempDir } from '../helpers/temp.js';

it('puts a file in place once whole; one that fails half-way leaves what was there, and nothing beside', async () => {
  const dir = tempDir('intake-whole-');
  const path = join(dir, 'copy.csv');
  writeFileSync(path, 'before\n');
  await expect(
    writeWhole(path, async (beside) => {
      await writeFile(beside, 'half');
      throw new Error('the disk is full');
    }),
  ).rejects.toThrow('the disk is full');
  expect(readFileSync(path, 'utf8')).toBe('before\n');
  expect(readdirSync(dir)).toEqual(['copy.csv']);
  await writeWhole(path, async (beside) => {
    await writeFile(beside, 'after\n');
    // Not yet in place while it is written.
    expect(readFileSync(path, 'utf8')).toBe('before\n');
    await appendFile(beside, 'whole\n');
  });
  expect(readFileSync(path, 'utf8')).toBe('after\nwhole\n');
  expect(readdirSync(dir)).toEqual(['copy.csv']);
});
