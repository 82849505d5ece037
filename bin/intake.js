#!/usr/bin/env node
// Before anything else loads: an upload of a large file needs the young generation small (see heap.js).
import { keepYoungGenerationSmall } from '../dist/util/heap.js';

keepYoungGenerationSmall();
const { main } = await import('../dist/cli/main.js');
await main();
