// `npm run bench`: each figure of the performance goals, measured side by side on this machine (medians
// of several rounds), printed with its goal and written to bench/results.json. Never part of `npm test`.
//   node bench/run.js [startup clients ingest bulk apply network postgres csv xlsx invalid locked] [--rounds N] [--rows N]
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { apply } from './figures/apply.js';
import { bulk } from './figures/bulk.js';
import { clients } from './figures/clients.js';
import { ingest } from './figures/ingest.js';
import { locked } from './figures/locked.js';
import { network } from './figures/network.js';
import { postgres } from './figures/postgres.js';
import { csvMemory, invalidMemory, xlsxMemory } from './figures/memory.js';
import { startup } from './figures/startup.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const chosen = args.filter((arg, index) => !arg.startsWith('--') && !args[index - 1]?.startsWith('--'));
const wanted = (name) => chosen.length === 0 || chosen.includes(name);
const rounds = option('--rounds', 3);
const rows = option('--rows', 1_000_000);

const met = (figure) =>
  figure.goal.atLeast !== undefined
    ? figure.value >= figure.goal.atLeast
    : figure.value <= figure.goal.atMost;
const shown = (value) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2));

const started = performance.now();
const figures = [];
const steps = [
  ['startup', () => startup({})],
  ['clients', () => clients({})],
  ['ingest', () => ingest({ rounds })],
  ['bulk', () => bulk({ rounds })],
  ['apply', () => apply({ rounds })],
  ['network', () => network({ rounds })],
  ['postgres', () => postgres({ rounds })],
  ['csv', () => csvMemory({ rows })],
  ['xlsx', () => xlsxMemory({ rows })],
  ['invalid', () => invalidMemory({})],
  ['locked', () => locked({ rounds })],
];
for (const [name, step] of steps) {
  if (!wanted(name)) continue;
  const stepStarted = performance.now();
  for (const figure of [await step()].flat()) {
    figures.push(figure);
    const goal =
      figure.goal.atLeast !== undefined
        ? `≥ ${shown(figure.goal.atLeast)}`
        : `≤ ${shown(figure.goal.atMost)}`;
    console.log(
      `${met(figure) ? 'met    ' : 'NOT MET'}  ${shown(figure.value).padStart(8)}  (goal ${goal})  ${figure.title}`,
    );
    console.log(`         ${JSON.stringify(figure.detail)}`);
  }
  console.log(`         [${name}: ${((performance.now() - stepStarted) / 1000).toFixed(0)} s]`);
}
const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  rounds,
  seconds: Math.round((performance.now() - started) / 1000),
  figures: figures.map((figure) => ({ ...figure, met: met(figure) })),
};
writeFileSync(join(import.meta.dirname, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`bench/results.json written (${results.seconds} s).`);
