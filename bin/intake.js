#!/usr/bin/env node
// Before anything else loads: an upload of a large file needs the young generation small (see heap.js).
import { UPLOADING } from '../dist/cli/uploading.js';
import { keepYoungGenerationSmall } from '../dist/util/heap.js';

if (process.argv.slice(2).some((word) => UPLOADING.has(word))) keepYoungGenerationSmall();
const { main } = await import('../dist/cli/main.js');
await main();
