// `npm run bench`: each figure of the performance goals, measured side by side on this machine (medians
// of several rounds), printed with its goal and written to bench/results.json. Never part of `npm test`.
//   node bench/run.js --help
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

const steps = [
  ['startup', () => startup({})],
  ['clients', () => clients({})],
  ['ingest', ({ rounds }) => ingest({ rounds })],
  ['bulk', ({ rounds }) => bulk({ rounds })],
  ['apply', ({ rounds }) => apply({ rounds })],
  ['network', ({ rounds }) => network({ rounds })],
  ['postgres', ({ rounds }) => postgres({ rounds })],
  ['csv', ({ rows }) => csvMemory({ rows })],
  ['xlsx', ({ rows }) => xlsxMemory({ rows })],
  ['invalid', () => invalidMemory({})],
  ['locked', ({ rounds }) => locked({ rounds })],
];
const STEP_NAMES = steps.map(([name]) => name);

const USAGE = `Usage: node bench/run.js [FIGURE ...] [--rounds N] [--rows N]

Measures each figure of the performance goals side by side on this machine and prints it with its goal.
With no FIGURE, all of them (about 15 minutes), written to bench/results.json. With some, only those,
written to bench/results.partial.json: bench/results.json stays the record of the last whole run.

Figures: ${STEP_NAMES.join(' ')}
  --rounds N   rounds of each ratio, whose median is shown (default 3)
  --rows N     rows of the large-file memory figures (default 1000000)

Examples:
  npm run bench
  node bench/run.js clients ingest bulk --rounds 5
  node bench/run.js csv --rows 200000`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
/** The figures asked for and the options' numbers, or why the arguments make no sense (exit 2). */
function parsed(list) {
  const chosen = [];
  const options = { '--rounds': 3, '--rows': 1_000_000 };
  for (let index = 0; index < list.length; index++) {
    const arg = list[index];
    if (Object.hasOwn(options, arg)) {
      const value = Number(list[++index]);
      if (!Number.isInteger(value) || value < 1) return { error: `${arg} needs a whole number above 0` };
      options[arg] = value;
    } else if (STEP_NAMES.includes(arg)) chosen.push(arg);
    else return { error: `unknown ${arg.startsWith('-') ? 'option' : 'figure'}: ${arg}` };
  }
  return { chosen, rounds: options['--rounds'], rows: options['--rows'] };
}
const asked = parsed(args);
if (asked.error) {
  console.error(`bench/run.js: ${asked.error}\n\n${USAGE}`);
  process.exit(2);
}
const { chosen, rounds } = asked;
const wanted = (name) => chosen.length === 0 || chosen.includes(name);
const whole = chosen.length === 0 || STEP_NAMES.every(wanted);

const met = (figure) =>
  figure.goal.atLeast !== undefined
    ? figure.value >= figure.goal.atLeast
    : figure.value <= figure.goal.atMost;
const shown = (value) => (value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toFixed(2));

const started = performance.now();
const figures = [];
for (const [name, step] of steps) {
  if (!wanted(name)) continue;
  const stepStarted = performance.now();
  for (const figure of [await step(asked)].flat()) {
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
const out = whole ? 'results.json' : 'results.partial.json';
writeFileSync(join(import.meta.dirname, out), `${JSON.stringify(results, null, 2)}\n`);
console.log(`bench/${out} written (${results.seconds} s).`);
