import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { UploadSession } from '../../src/ui/session.js';
import { FIXTURES } from '../helpers/files.js';
import { offlineUiState, signedInUi, type SignedInUi } from '../helpers/ui-state.js';

const state = offlineUiState(1024 * 1024);
// Records kept on disk as `intake ui` keeps them.
state.services.save = (session) => state.sessions.save(session);
let ui: SignedInUi;
beforeAll(async () => (ui = await signedInUi(state)));
afterAll(() => ui.close());
const post = (path: string, body: FormData | URLSearchParams) => ui.post(path, body);
const pageOf = async (session: UploadSession, lang: string) =>
  (await ui.get(`uploads/${session.id}`, lang)).text();

/** Puts a folder (with something in it) where a file of the upload is written: writing it then fails. */
function blockFile(session: UploadSession, name: string): void {
  rmSync(join(session.dir, name), { force: true });
  mkdirSync(join(session.dir, name, 'in-the-way'), { recursive: true });
}

it('an upload whose record or fixed copy cannot be written says so on its page, never fails the page', async () => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(join(FIXTURES, 'orders-with-errors.csv'))]), 'orders.csv');
  const made = await post('uploads', form);
  expect(made.status).toBe(303);
  const session = state.sessions.get(String(made.headers.get('location')).split('/').pop() as string);
  if (!session) throw new Error('no session');
  const refused = session.check?.refused[0];
  if (!refused) throw new Error('the sample has rows to fix');

  // Its record cannot be written: a fix (one that leaves the row to fix) is still made and checked, and
  // the page says what is at stake.
  blockFile(session, 'session.json');
  const fixed = await post(`uploads/${session.id}/fixes`, new URLSearchParams({ drop: String(refused.row) }));
  expect(fixed.status).toBe(303);
  expect(session.unsaved).toMatch(/^E[A-Z]+$/);
  expect(await pageOf(session, 'en')).toContain('Intake could not keep this upload’s record (');
  expect(await pageOf(session, 'ko')).toContain('이 업로드 기록을 저장하지 못했습니다 (');

  // Its fixed copy cannot be written either: said as the page's error, the page still answers.
  blockFile(session, 'fixed.csv');
  const undone = await post(
    `uploads/${session.id}/fixes`,
    new URLSearchParams({ [`cell:${refused.row}:1`]: 'M-9' }),
  );
  expect(undone.status).toBe(303);
  expect(session.error?.code).toMatch(/^E[A-Z]+$/);
  expect((await ui.get(`uploads/${session.id}`)).status).toBe(200);

  // Room again: the next save keeps the record, and the warning goes.
  rmSync(join(session.dir, 'session.json'), { recursive: true });
  rmSync(join(session.dir, 'fixed.csv'), { recursive: true });
  expect((await post(`uploads/${session.id}/fixes`, new URLSearchParams({ reset: '1' }))).status).toBe(303);
  expect(session.unsaved).toBeUndefined();
  expect(JSON.parse(readFileSync(join(session.dir, 'session.json'), 'utf8'))).toMatchObject({
    id: session.id,
  });
  expect(await pageOf(session, 'en')).not.toContain('could not keep this upload’s record');
});
