import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { consoleCookie } from '../helpers/console.js';
import { startService, type TestService } from '../helpers/service.js';

// The console's own failure (here a journal row its page cannot read, as a damaged disk would leave it):
// a page in the person's language, and the error told where the service tells its own, once.
const started: TestService[] = [];
afterAll(async () => {
  for (const service of started) await service.close();
});

it('a page the console fails to make answers 500 in the person’s language, its error told to the service’s terminal and nowhere on the page', async () => {
  const first = await startService({ engine: 'sqlite' });
  started.push(first);
  expect((await first.call('POST', '/api/v1/orders/', { body: {} })).status).toBe(422);
  // The journal's row is written with the next group: wait until the journal lists it.
  await expect
    .poll(async () => (await first.call('GET', '/local/requests?method=POST')).json)
    .toMatchObject({ results: [{ path: '/api/v1/orders/' }] });
  await first.close();
  // The service holds its database alone while it runs: the row is damaged between two runs.
  const db = new Database(join(first.dataDir, 'intake.db'));
  try {
    const changed = db
      .prepare(`UPDATE requests SET request_headers = '{not json' WHERE path = '/api/v1/orders/'`)
      .run().changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
  const told: unknown[] = [];
  const service = await startService({
    engine: 'sqlite',
    dataDir: first.dataDir,
    onError: (error) => told.push(error),
  });
  started.push(service);
  const page = await service.app.inject({
    method: 'GET',
    url: '/console/requests',
    headers: { cookie: await consoleCookie(service), 'accept-language': 'ko' },
  });
  expect(page.statusCode).toBe(500);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('lang="ko"');
  expect(page.body).not.toContain('JSON');
  expect(page.body).not.toContain('    at ');
  expect(told).toHaveLength(1);
  expect(told[0]).toBeInstanceOf(SyntaxError);
});
