import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/contract/index.js';
import { workspace } from '../helpers/files.js';
import { patience } from '../helpers/patience.js';
import { sampleOrder } from '../helpers/samples.js';
import { spawn } from 'node:child_process';
import { BIN, runBin, spawnServe, type ServeProcess } from '../helpers/spawn.js';

const running: ServeProcess[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
});

const call = async (
  server: ServeProcess,
  credentials: { accessKeyId: string; secretAccessKey: string },
  method: string,
  path: string,
  body?: unknown,
) => {
  const response = await fetch(server.url + path, {
    method,
    headers: { authorization: basicAuthorization(credentials), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

describe('intake serve flags', () => {
  it('--merchants, --carriers, --review-points and --apply-delay shape the service', async () => {
    const files = workspace();
    const merchants = files.write(
      'merchants.json',
      JSON.stringify([
        { merchant_id: 'shop-a', access_key_id: 'AKSHOPA', secret_access_key: 'secret-a' },
        {
          merchant_id: 'shop-b',
          access_key_id: 'AKSHOPB',
          secret_access_key: 'secret-b',
          thanks_delay_days: 7,
        },
      ]),
    );
    const carriers = files.write(
      'carriers.json',
      JSON.stringify([
        { code: 'self', name: '직접 배송' },
        { code: 'kr.hanjin', name: '한진택배' },
      ]),
    );
    const server = await spawnServe([
      '--data',
      files.path('data'),
      '--merchants',
      merchants,
      '--carriers',
      carriers,
      '--review-points',
      'text=7,photo=8,video=9',
      '--apply-delay',
      '0',
    ]);
    running.push(server);
    // The banner speaks the API's snake_case, as every other command's JSON does.
    expect(server.banner.merchants).toEqual([
      expect.objectContaining({ merchant_id: 'shop-a', access_key_id: 'AKSHOPA' }),
      expect.objectContaining({ merchant_id: 'shop-b', access_key_id: 'AKSHOPB', thanks_delay_days: 7 }),
    ]);
    const keys = (server.banner.merchants as Record<string, unknown>[]).flatMap((merchant) =>
      Object.keys(merchant),
    );
    expect(keys.filter((key) => /[A-Z]/.test(key))).toEqual([]);
    const a = { accessKeyId: 'AKSHOPA', secretAccessKey: 'secret-a' };
    const b = { accessKeyId: 'AKSHOPB', secretAccessKey: 'secret-b' };
    expect((await call(server, a, 'GET', '/api/v1/shipments/status/')).json).toEqual({
      origin_mall_id: 'shop-a',
      count: 0,
    });
    expect((await call(server, b, 'GET', '/api/v1/shipments/status/')).json).toEqual({
      origin_mall_id: 'shop-b',
      count: 0,
    });

    expect((await call(server, a, 'POST', '/api/v1/orders/', sampleOrder('ORD-F'))).status).toBe(202);
    const refused = await call(server, a, 'POST', '/api/v1/orders/ORD-F/shipments/', {
      order_item_ids: ['ORD-F-1'],
      company_code: 'kr.cjlogistics',
      tracking_number: '1',
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json)).toContain("Input should be 'self' or 'kr.hanjin'");
    for (const deadline = Date.now() + patience(30_000); Date.now() < deadline;) {
      const orders = await call(server, a, 'GET', '/local/orders?id=ORD-F');
      if ((orders.json.results as { state: string }[])[0]?.state === 'applied') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const review = await call(server, a, 'POST', '/local/reviews', {
      order_id: 'ORD-F',
      item_id: 'ORD-F-1',
      kind: 'photo',
    });
    expect(review.status).toBe(201);
    expect(review.json.reward).toMatchObject({ rewards: 8 });
    expect((await call(server, b, 'GET', '/local/orders')).json).toEqual({ results: [], has_more: false });
  });

  it.each([
    [['--apply-delay', 'soon'], '--apply-delay "soon" is not a duration'],
    [['--review-points', 'photo=lots'], '--review-points "photo=lots" is not like'],
    [['--carriers', '/nonexistent/carriers.json'], 'cannot read --carriers'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535'],
    [['--secret-file', '/nonexistent/secret'], 'cannot read --secret-file /nonexistent/secret: no such file'],
    [['--merchants', 'REPEATED_KEY'], 'lists the access key id "AKSAME" twice'],
    [
      ['--merchants', 'NOT_JSON'],
      'is not JSON: Expecting property name enclosed in double quotes (line 2, column 1)',
    ],
    [['--data', 'A_FILE'], 'cannot use'],
    // The first merchant is held to the rules of any other (--merchants), empty values included.
    [
      ['--merchant-id', ''],
      'the first merchant cannot be made so:\n  --merchant-id: String should have at least 1 character',
    ],
    [['--secret-access-key', ' '], '--secret-access-key: String should have at least 1 character'],
    [['--access-key-id', 'K'.repeat(256)], '--access-key-id: String should have at most 255 characters'],
    [
      ['--seed', 'AN_ORDER'],
      'is not a seed file:\n  merchants: Field required\n  Value error, Unrecognized key: "id"\n',
    ],
    // Node's own recursive mkdir never returns for a folder under /proc; it is refused here.
    ...(existsSync('/proc/self')
      ? [[['--data', '/proc/intake-test/data'], 'no folder can be made there'] as [string[], string]]
      : []),
    [['--workers', '2'], '--workers needs --database-url'],
    [
      ['--database-url', 'mysql://x@localhost/z'],
      '--database-url must start with postgres:// (it starts with mysql://)',
    ],
    [
      ['--database-url', 'postgres://x@127.0.0.1:1/z', '--data', 'A_FILE'],
      'give --data or --database-url, not both',
    ],
    [
      ['--database-url', 'postgres://x@127.0.0.1:1/z', '--statement-timeout', '5ms'],
      'is not a duration of 100ms or more',
    ],
    [
      ['--database-url', 'postgres://x@127.0.0.1:1/z', '--pool-size', '0'],
      '--pool-size must be a whole number from 1',
    ],
    [
      ['--database-url', 'postgres://x@127.0.0.1:1/z'],
      'cannot use the database at postgres://x@127.0.0.1:1/z',
    ],
  ])('refuses %j with exit 2', async (flags, message) => {
    const files = workspace();
    files.write('not.json', '[{\n');
    files.write('a-file', 'x');
    files.write(
      'merchants.json',
      JSON.stringify([
        { merchant_id: 'a', access_key_id: 'AKSAME' },
        { merchant_id: 'b', access_key_id: 'AKSAME' },
      ]),
    );
    const named = flags.map((flag) =>
      flag === 'REPEATED_KEY'
        ? files.path('merchants.json')
        : flag === 'NOT_JSON'
          ? files.path('not.json')
          : flag === 'A_FILE'
            ? files.path('a-file')
            : flag === 'AN_ORDER'
              ? files.write('order.json', '{"id":"ORD-1"}')
              : flag,
    );
    const data =
      named.includes('--data') || named.includes('--database-url') ? [] : ['--data', files.path('data')];
    const result = await runBin(['serve', ...data, ...named]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/unexpected error|\n\s+at /);
  });

  it('says what is wrong with a seed file and the first merchant in Korean at a Korean terminal', async () => {
    const files = workspace();
    const ko = { env: { LANG: 'ko_KR.UTF-8' } };
    const seed = files.write('order.json', '{"id":"ORD-1"}');
    const refused = await runBin(['serve', '--data', files.path('data'), '--seed', seed], ko);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `오류: --seed ${seed}은(는) 시드 파일이 아닙니다:\n` +
        '  merchants: 값이 없습니다\n' +
        '  이 자리에 올 수 없는 키입니다: "id"\n',
    );
    const merchant = await runBin(['serve', '--data', files.path('data'), '--merchant-id', ''], ko);
    expect(merchant.code).toBe(2);
    expect(merchant.stderr).toContain(
      '오류: 첫 판매자를 이대로 만들 수 없습니다:\n  --merchant-id: 비어 있습니다\n',
    );
    for (const run of [refused, merchant]) expect(run.stderr).not.toMatch(/Field required|String should/);
  });

  it("never shows a database address's password, and warns that the flag shows it in the process list", async () => {
    const result = await runBin(['serve', '--database-url', 'postgres://intake:hunter2@127.0.0.1:1/sandbox']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('shows in the process list');
    expect(result.stderr).toContain('postgres://intake@127.0.0.1:1/sandbox');
    expect(result.stderr + result.stdout).not.toContain('hunter2');
    const fromEnv = await runBin(['serve'], {
      env: { INTAKE_SERVE_DATABASE_URL: 'postgres://intake:hunter2@127.0.0.1:1/sandbox' },
    });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).not.toContain('process list');
    expect(fromEnv.stderr + fromEnv.stdout).not.toContain('hunter2');
    // At a Korean terminal, the warning and the database that cannot be used are said in Korean.
    const korean = await runBin(
      ['serve', '--database-url', 'postgres://intake:hunter2@127.0.0.1:1/sandbox'],
      {
        env: { LANG: 'ko_KR.UTF-8' },
      },
    );
    expect(korean.code).toBe(2);
    expect(korean.stderr).toContain(
      '경고: 비밀번호가 든 --database-url은(는) 프로세스 목록에 보입니다. 대신 INTAKE_SERVE_DATABASE_URL, PGPASSWORD 또는 ~/.pgpass을(를) 쓰세요\n',
    );
    expect(korean.stderr).toContain(
      '오류: postgres://intake@127.0.0.1:1/sandbox의 데이터베이스를 쓸 수 없습니다: ',
    );
    expect(korean.stderr + korean.stdout).not.toContain('hunter2');
  });

  it('an empty --database-url (an unset variable in a script) is refused, never SQLite in the data folder', async () => {
    const flag = await runBin(['serve', '--database-url', '', '--port', '0']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--database-url is empty');
    const fromEnv = await runBin(['serve', '--port', '0'], { env: { INTAKE_SERVE_DATABASE_URL: ' ' } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toContain('INTAKE_SERVE_DATABASE_URL is empty');
  });

  it('the merchant the flags give is the first one, the one that may add merchants, with --merchants too', async () => {
    const files = workspace();
    const merchants = files.write(
      'merchants.json',
      JSON.stringify([
        { merchant_id: 'shop-file', access_key_id: 'AKFILE1', secret_access_key: 'secret-file' },
      ]),
    );
    const server = await spawnServe([
      '--data',
      files.path('data'),
      '--merchants',
      merchants,
      '--merchant-id',
      'shop-flags',
      '--access-key-id',
      'AKFLAGS1',
      '--secret-file',
      files.write('secret.txt', 'secret-flags\n'),
    ]);
    running.push(server);
    const flags = { accessKeyId: 'AKFLAGS1', secretAccessKey: 'secret-flags' };
    const fromFile = { accessKeyId: 'AKFILE1', secretAccessKey: 'secret-file' };
    const byFile = await call(server, fromFile, 'POST', '/local/merchants', { merchant_id: 'shop-x' });
    expect(byFile.status).toBe(403);
    const byFlags = await call(server, flags, 'POST', '/local/merchants', { merchant_id: 'shop-y' });
    expect(byFlags.status).toBe(201);
  });

  it('a second intake serve on a data folder in use is refused with exit 2', async () => {
    const data = workspace().path('data');
    const first = await spawnServe(['--data', data, '--faults', '503:1%', '--allow-reset']);
    running.push(first);
    // The banner says what makes this service unlike the real one.
    expect(first.banner).toMatchObject({ faults: '503:1%', reset_allowed: true, seeded: false });
    const second = await runBin(['serve', '--port', '0', '--data', data]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`the data folder ${data} is in use by another intake serve`);
  });

  it('a port in use, an address not of this machine, a data folder under a file: each said in words (exit 2)', async () => {
    const files = workspace();
    const first = await spawnServe(['--data', files.path('first')]);
    running.push(first);
    const port = new URL(first.url).port;
    const taken = await runBin(['serve', '--port', port, '--data', files.path('second')]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain(`cannot listen on 127.0.0.1:${port}: another program uses that port`);
    expect(taken.stderr).toContain('--port 0 for a free one');
    // At a Korean terminal, in Korean.
    const takenKo = await runBin(['serve', '--port', port, '--data', files.path('second')], {
      env: { LANG: 'ko_KR.UTF-8' },
    });
    expect(takenKo.code).toBe(2);
    expect(takenKo.stderr).toContain(
      `오류: 127.0.0.1:${port}에서 받을 수 없습니다: 다른 프로그램이 그 포트를 쓰고 있습니다\n` +
        '  --port로 다른 포트를 주거나, --port 0으로 빈 포트를 쓰세요.\n',
    );
    // 192.0.2.1 is set aside for documentation: no machine has it, and binding to it sends nothing.
    const elsewhere = await runBin([
      'serve',
      '--port',
      '0',
      '--host',
      '192.0.2.1',
      '--data',
      files.path('third'),
    ]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('192.0.2.1 is not an address of this machine');
    const file = files.write('not-a-folder', 'x');
    const underFile = await runBin(['serve', '--port', '0', '--data', `${file}/data`]);
    expect(underFile.code).toBe(2);
    expect(underFile.stderr).toContain('a part of its path is a file, not a folder');
    for (const run of [taken, elsewhere, underFile]) expect(run.stderr).not.toMatch(/\bE[A-Z]{4,}\b| {4}at /);
  });

  it('says where it listens, its console, data and merchant, what it warns of and that it stopped, in Korean at a Korean terminal', async () => {
    const files = workspace();
    /** `intake serve` at a Korean terminal, until it has said `last` on stdout, then stopped with SIGTERM. */
    const serveKo = async (args: string[], last: string) => {
      const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'ko_KR.UTF-8' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const ended = new Promise((resolve) => child.once('exit', resolve));
      let said = '';
      let warned = '';
      child.stderr.on('data', (chunk: Buffer) => (warned += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          if (said.includes(last)) resolve();
        });
        child.once('exit', () => reject(new Error(`intake serve ended: ${said}${warned}`)));
      });
      child.kill('SIGTERM');
      await ended;
      return { said, warned };
    };
    // Everything it says as it starts, up to the line on the secret it generated (the last).
    const { said, warned } = await serveKo(['--data', files.path('data')], 'intake login으로 저장하세요\n');
    expect(warned).toBe('SIGTERM: 처리 중인 요청을 마치고 데이터베이스를 닫습니다…\n멈췄습니다.\n');
    const lines = said.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Intake 로컬 서비스가 http:\/\/127\.0\.0\.1:\d+에서 요청을 받습니다$/);
    expect(lines[1]).toMatch(
      /^콘솔 \(봇이 보내는 메시지, 처리 대기열, 시계, 장애 주입\): http:\/\/127\.0\.0\.1:\d+\/console$/,
    );
    expect(lines[2]).toBe(`데이터: ${files.path('data')}`);
    expect(lines[3]).toMatch(/^판매자 mall-1: 액세스 키 ID \S+, 비밀 액세스 키 \S+$/);
    expect(lines[4]).toBe('만든 비밀 키는 이번 한 번만 보여 줍니다. intake login으로 저장하세요');
    // A secret given on the command line is warned of.
    const given = await serveKo(
      ['--data', files.path('given'), '--access-key-id', 'AKKO', '--secret-access-key', 'ko-secret-0001'],
      '판매자 mall-1: 액세스 키 ID AKKO\n',
    );
    expect(given.warned).toContain(
      '경고: --secret-access-key은(는) 프로세스 목록에 보입니다. 대신 INTAKE_SERVE_SECRET_ACCESS_KEY 또는 --secret-file을(를) 쓰세요\n',
    );
  });

  it('takes the secret from the environment or a file, never showing it in the process list', async () => {
    const files = workspace();
    const secret = 'chosen-secret-Xq9';
    const fromEnv = await spawnServe(['--data', files.path('env'), '--access-key-id', 'AKENV'], {
      INTAKE_SERVE_SECRET_ACCESS_KEY: secret,
    });
    running.push(fromEnv);
    const fromFile = await spawnServe([
      '--data',
      files.path('file'),
      '--access-key-id',
      'AKFILE',
      '--secret-file',
      files.write('secret.txt', `${secret}\n`),
    ]);
    running.push(fromFile);
    for (const [server, accessKeyId] of [
      [fromEnv, 'AKENV'],
      [fromFile, 'AKFILE'],
    ] as const) {
      const commandLine = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8');
      expect(commandLine).not.toContain(secret);
      const check = await call(
        server,
        { accessKeyId, secretAccessKey: secret },
        'GET',
        '/api/v1/users/client-keys/',
      );
      expect(check.json).toMatchObject({ is_valid: true });
    }
  });
});
