import { describe, expect, it } from 'vitest';
import { runBin, stopLeftovers } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

describe('the test helpers', () => {
  it('end a process a test left running, as each test file ends', async () => {
    // A service that runs until stopped, as a command expected to refuse at once might if it did not.
    const left = runBin(['serve', '--port', '0', '--data', tempDir('intake-data-')]);
    stopLeftovers();
    const ended = await left;
    expect(ended.code).toBe(null);
  });
});
