import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/temp.js';

// Every test file leaves the temp folders it made behind it clean.
afterAll(() => removeTempDirs());
