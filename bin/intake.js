#!/usr/bin/env node
// Before anything else loads: an upload of a large file needs the young generation small (see heap.js).
// The CLI runs from dist/bundle/ (see scripts/bundle.js), which `npm run build` writes.
import { UPLOADING, keepYoungGenerationSmall } from '../dist/bundle/start.js';

if (process.argv.slice(2).some((word) => UPLOADING.has(word))) keepYoungGenerationSmall();
const { main } = await import('../dist/bundle/main.js');
await main();
