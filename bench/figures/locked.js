// A workbook locked by a password: opening it (decrypting) and writing one locked with it (its rows to
// fix), as Intake does (dist/, each file's key derived once) against officecrypto-tool on its own (the
// key derived anew for each of a file's three uses). Each in a process of its own, alternating; medians.
import { join } from 'node:path';
import { measured, median } from '../lib/processes.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A child that locks a small workbook, opens it again and prints the two times (ms) as JSON. */
const child = (load) => `
  const { default: ExcelJS } = await import('exceljs');
  const crypto = await ${load};
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('주문');
  for (let n = 0; n < 200; n++) sheet.addRow(['2026112277' + n, '한라봉 3kg', 1, '010-1234-5678']);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  let started = performance.now();
  const locked = crypto.encrypt(bytes, { password: 'Hallabong#2026' });
  const lockMs = performance.now() - started;
  started = performance.now();
  const opened = await crypto.decrypt(locked, { password: 'Hallabong#2026' });
  const openMs = performance.now() - started;
  if (!opened.equals(bytes)) throw new Error('not the same workbook');
  console.log(JSON.stringify({ lockMs, openMs }));
`;

const INTAKE = child(
  `import(${JSON.stringify(join(ROOT, 'dist', 'bulk', 'read', 'xlsx', 'office-crypto.js'))}).then((m) => m.officeCrypto())`,
);
const LIBRARY = child(`import('officecrypto-tool').then((m) => m.default)`);

export async function locked({ rounds }) {
  const runs = { intake: [], library: [] };
  for (let round = 0; round < Math.max(rounds, 5); round++) {
    for (const [name, code] of [
      ['intake', INTAKE],
      ['library', LIBRARY],
    ]) {
      const run = await measured(process.execPath, ['--input-type=module', '-e', code], {});
      if (run.code !== 0 || run.summary === undefined) throw new Error(`${name}: ${run.stderr}`);
      runs[name].push(run.summary);
    }
  }
  const ms = (name, key) => Math.round(median(runs[name].map((run) => run[key])));
  return {
    name: 'locked',
    title: 'Locked workbook: open and lock again, Intake / officecrypto-tool alone (own goal)',
    value:
      (ms('intake', 'openMs') + ms('intake', 'lockMs')) / (ms('library', 'openMs') + ms('library', 'lockMs')),
    goal: { atMost: 0.5 },
    detail: {
      open_ms: ms('intake', 'openMs'),
      lock_ms: ms('intake', 'lockMs'),
      library_open_ms: ms('library', 'openMs'),
      library_lock_ms: ms('library', 'lockMs'),
    },
  };
}
