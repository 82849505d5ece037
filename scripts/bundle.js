// The CLI as `bin/intake.js` runs it: the modules tsc writes to dist/, joined into chunks in
// dist/bundle/ (each a command's or a library's share, loaded when a command needs it). Node's ESM
// loader spends about a quarter of a millisecond on each module it resolves and loads, and a client
// command such as `intake health` loads some 45 of ours and commander's 7 (CommonJS, read through
// ESM's translator): joined, it starts about 10 ms sooner (see docs/performance.md).
//
// Packages stay outside the chunks, loaded from node_modules as they are (native addons, WebAssembly,
// files read beside their code), except commander and env-paths, plain JavaScript that every command
// loads. The build fails on a warning of the bundler, and on a chunk that imports a package the
// package.json does not depend on (a helper the bundler added, say). modules.json lists the modules
// joined in each chunk, for the tests that check what a command loads.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'rolldown';

const ROOT = join(import.meta.dirname, '..');
const dist = (path) => join(ROOT, 'dist', path);

/**
 * Bare imports (packages, Node's own modules) stay imports, except those joined in: commander and
 * env-paths, and the bundler's own helpers (it writes a tagged template holding `</script` with one).
 */
const JOINED = /^(commander|env-paths|@oxc-project\/runtime)(\/|$)/;
const external = (id) => !/^[./\0]/.test(id) && !JOINED.test(id);

const { dependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const BUILTIN = new Set(builtinModules);
const packageOf = (id) =>
  id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/');
/** Whether a chunk may import this bare id: Node's own module or a package the CLI depends on. */
const allowed = (id) => id.startsWith('node:') || BUILTIN.has(id) || packageOf(id) in dependencies;

/** Checks what each chunk imports, and writes modules.json: the modules joined in each chunk. */
const chunkList = {
  name: 'intake-chunk-list',
  generateBundle(_options, bundle) {
    const chunks = {};
    for (const [file, output] of Object.entries(bundle)) {
      if (output.type !== 'chunk') continue;
      for (const id of [...output.imports, ...output.dynamicImports]) {
        if (!(id in bundle) && !allowed(id)) this.error(`${file} imports ${id}, which package.json lacks`);
      }
      chunks[file] = output.moduleIds
        .filter((id) => !id.startsWith('\0'))
        .map((id) => id.replace(`${ROOT}/`, ''));
    }
    this.emitFile({
      type: 'asset',
      fileName: 'modules.json',
      source: `${JSON.stringify(chunks, null, 1)}\n`,
    });
  },
};

const warnings = [];
await build({
  input: {
    // Loaded first by bin/intake.js, before the command line.
    start: dist('cli/entry.js'),
    main: dist('cli/main.js'),
    // A worker thread's module, found beside the chunk that starts it (bulk/read/xlsx/apart.ts).
    'sheet-worker': dist('bulk/read/xlsx/sheet-worker.js'),
  },
  platform: 'node',
  external,
  plugins: [chunkList],
  onwarn: (warning) => warnings.push(warning),
  output: {
    dir: dist('bundle'),
    cleanDir: true,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  },
});
for (const warning of warnings) process.stderr.write(`bundle: ${warning.message}\n`);
if (warnings.length > 0) process.exit(1);
