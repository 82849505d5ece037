import { afterAll, expect, it } from 'vitest';
import { sendSession } from '../../src/ui/runner.js';
import { UploadSession } from '../../src/ui/session.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { offlineUiState } from '../helpers/ui-state.js';

const state = offlineUiState(64 * 1024);
afterAll(() => state.catalog.close());

it('a send counts as running until what follows it is done, so the page shows its results whole', async () => {
  const files = workspace();
  const session = new UploadSession({
    dir: files.dir,
    label: 'orders.csv',
    path: files.write('orders.csv', ordersCsv('SETTLE', 2)),
    format: 'csv',
    kind: 'order',
  });
  let reached!: () => void;
  const settling = new Promise<void>((resolve) => (reached = resolve));
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const seen: boolean[] = [];
  session.listen(() => seen.push(session.running));
  // No service here: the send fails at once; what follows it (the file removed, the record saved) waits.
  const sent = sendSession(
    session,
    {
      ...state.services,
      afterSend: async () => {
        reached();
        await gate;
      },
    },
    { update: false },
  );
  await settling;
  expect(session.send?.state).toBe('failed');
  // The page's event stream ends (and the page fetches the results) only once this is false.
  expect(session.running).toBe(true);
  finish();
  await sent;
  expect(session.running).toBe(false);
  // The last word to the page is that it is over.
  expect(seen.at(-1)).toBe(false);
});
