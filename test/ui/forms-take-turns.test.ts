import { existsSync, readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { UploadSession } from '../../src/ui/session.js';
import { ORDERS_HEADER } from '../helpers/samples.js';
import { offlineUiState, signedInUi, type SignedInUi } from '../helpers/ui-state.js';

const state = offlineUiState(64 * 1024);
// The page's file check asks for the saved layouts; a test holds that one call to hold a change half-way.
let hold: { reached: () => void; gate: Promise<void> } | undefined;
state.services.savedLayouts = async () => {
  const held = hold;
  hold = undefined;
  if (held) {
    held.reached();
    await held.gate;
  }
  return [];
};

let ui: SignedInUi;
beforeAll(async () => (ui = await signedInUi(state)));
afterAll(() => ui.close());
const post = (path: string, body: FormData | URLSearchParams) => ui.post(path, body);

/**
 * Holds the next call for the saved layouts: `halfWay` resolves once a change has reached it, and the
 * change goes on when `release` is called.
 */
function holdNextChange(): { halfWay: Promise<void>; release: () => void } {
  let reached!: () => void;
  const halfWay = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  hold = { reached, gate: new Promise<void>((resolve) => (release = resolve)) };
  return { halfWay, release };
}

/** A CSV of orders uploaded on the home page: its session. */
async function upload(csv: string): Promise<UploadSession> {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
  const made = await post('uploads', form);
  expect(made.status).toBe(303);
  return state.sessions.get(String(made.headers.get('location')).split('/').pop() as string) as UploadSession;
}

it('forms posted to one upload at once (two tabs) take turns, so no fix is lost from the copy that is sent', async () => {
  // Two orders whose phones the bot cannot reach: each row needs a fix.
  const csv = `${ORDERS_HEADER}\nTURN-1,홍길동,12,TURN-1-1,P-1,상품 1,https://x.example.com/1.png\nTURN-2,홍길동,34,TURN-2-1,P-2,상품 2,https://x.example.com/2.png\n`;
  const session = await upload(csv);
  expect(session.check?.refused.map((row) => row.row)).toEqual([2, 3]);

  // The first tab's fix is held half-way through making the fixed copy (its fixes read, not yet written).
  const { halfWay, release } = holdNextChange();
  const first = post(`uploads/${session.id}/fixes`, new URLSearchParams({ 'cell:2:2': '010-1111-2222' }));
  await halfWay;
  // The second tab's fix comes meanwhile. It is let go on when it waits its turn; had it not waited, once
  // it is done, so the first one's copy (without the second fix) would be written last.
  let secondDone = false;
  const second = post(`uploads/${session.id}/fixes`, new URLSearchParams({ 'cell:3:2': '010-3333-4444' }));
  void second.finally(() => (secondDone = true));
  while (!secondDone && session.waitingChanges === 0) await nextTurn();
  release();
  expect((await first).status).toBe(303);
  expect((await second).status).toBe(303);

  // Both fixes are in the copy that would be sent, and its check says so.
  expect([...session.fixes.keys()].sort()).toEqual([2, 3]);
  const copy = readFileSync(session.current.path, 'utf8');
  expect(copy).toContain('010-1111-2222');
  expect(copy).toContain('010-3333-4444');
  expect(session.check?.refused).toEqual([]);
  expect(session.waitingChanges).toBe(0);
});

it('a change that waited its turn while its upload was removed changes nothing', async () => {
  const session = await upload(
    `${ORDERS_HEADER}\nGONE-1,홍길동,12,GONE-1-1,P-1,상품 1,https://x.example.com/1.png\n`,
  );
  const { halfWay, release } = holdNextChange();
  const fix = post(`uploads/${session.id}/fixes`, new URLSearchParams({ 'cell:2:2': '010-1111-2222' }));
  await halfWay;
  const removed = post(`uploads/${session.id}/remove`, new URLSearchParams());
  while (session.waitingChanges === 0) await nextTurn();
  // And a fix from a third tab, queued behind the removal.
  const late = post(`uploads/${session.id}/fixes`, new URLSearchParams({ 'cell:2:2': '010-5555-6666' }));
  while (session.waitingChanges < 2) await nextTurn();
  release();
  expect((await fix).status).toBe(303);
  expect((await removed).headers.get('location')).toMatch(/history$/);
  expect((await late).headers.get('location')).toMatch(/history$/);
  expect(state.sessions.get(session.id)).toBeUndefined();
  // Nothing of it written back to disk after it was removed.
  await state.sessions.close();
  expect(existsSync(session.dir)).toBe(false);
});
