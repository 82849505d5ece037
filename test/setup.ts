import { afterAll } from 'vitest';
import { stopLeftovers } from './helpers/spawn.js';
import { removeTempDirs } from './helpers/temp.js';

// Every test file leaves no process it ran to its end still running, and the temp folders it made
// behind it clean.
afterAll(() => {
  stopLeftovers();
  removeTempDirs();
});
