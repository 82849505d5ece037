// What the process entry (bin/intake.js) loads before anything else: the words of the commands that
// upload, and how to keep the young generation small for them (see heap.ts), then the command line.
export { UPLOADING } from './uploading.js';
export { keepYoungGenerationSmall } from '../util/heap.js';
