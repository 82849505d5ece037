import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, jsonLines, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { tempDir } from '../helpers/temp.js';
import { sourceFiles } from '../helpers/source-files.js';
import { EXIT } from '../../src/cli/errors.js';

const t = useService();

describe('--query', () => {
  it('selects from the JSON output, in every format', async () => {
    const json = await cli(['carriers', '--json', '--query', "[?starts_with(code, 'us.')].code"], {
      env: t.env,
    });
    expect(json.json()).toEqual(['us.fedex', 'us.ups', 'us.usps']);
    const lines = await cli(['carriers', '--query', "[?starts_with(code, 'us.')].code"], { env: t.env });
    expect(lines.stdout).toBe('us.fedex\nus.ups\nus.usps\n');
    const rows = await cli(['carriers', '-o', 'csv', '--query', "[?code=='self' || code=='de.dhl']"], {
      env: t.env,
    });
    expect(rows.stdout).toBe('code,name\nself,직접 배송 (self delivery)\nde.dhl,DHL\n');
    const scalar = await cli(['keys', 'check', '--query', 'is_valid'], { env: t.env });
    expect(scalar.stdout).toBe('true\n');
  });

  it('applies to each line of an upload, leaving out lines it makes null', async () => {
    const files = workspace();
    const path = files.write(
      'products.ndjson',
      [sampleProduct('P-Q1'), sampleProduct('P-Q2'), { id: 'P-Q3' }]
        .map((record) => JSON.stringify(record))
        .join('\n'),
    );
    const result = await cli(
      ['product', 'create', path, '--json', '--query', "outcome == 'invalid' && id || null"],
      {
        env: t.env,
      },
    );
    expect(result.code).toBe(4);
    expect(jsonLines(result.stdout)).toEqual(['P-Q3']);
  });

  it('reads a bare word in backticks as text, as the AWS CLI does', async () => {
    const result = await cli(['carriers', '--json', '--query', '[?code==`de.dhl`].name'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.json()).toEqual(['DHL']);
  });

  it('a query that does not parse is a usage error before anything runs', async () => {
    const result = await cli(['carriers', '--query', '[?code=='], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--query "[?code==" is not a JMESPath expression');
  });
});

describe('intake api', () => {
  it('--paginate reads every page of the request journal by its next links, and says when a list is cut', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const sent = await cli(['api', 'GET', `/api/v1/shipments/status/?page-test=${n}`], { env: t.env });
      expect(sent.code).toBe(0);
    }
    const all = await cli(['api', 'GET', '/local/requests?limit=100', '--json'], { env: t.env });
    const seqs = (all.json() as { results: { seq: number }[] }).results.map((entry) => entry.seq);
    expect(seqs.length).toBeGreaterThanOrEqual(5);
    // Pages of two, newest first: the same requests as one list.
    const paged = await cli(['api', 'GET', '/local/requests?limit=2', '--paginate', '--json'], {
      env: t.env,
    });
    expect(paged.code, paged.stderr).toBe(0);
    const pagedSeqs = (paged.json() as { results: { seq: number }[] }).results.map((entry) => entry.seq);
    expect(pagedSeqs).toEqual(seqs);
    // The bot's messages (two shipping notices and two review requests here), by due time, link their
    // next page: pages of one are the whole list.
    for (const n of [1, 2]) {
      const id = `ORD-PAGE-${n}`;
      expect((await t.service.call('POST', '/api/v1/orders/', { body: sampleOrder(id) })).status).toBe(202);
      await t.service.local.apply();
      const shipment = {
        order_item_ids: [`${id}-1`],
        company_code: 'kr.cjlogistics',
        tracking_number: `64012345678${n}`,
      };
      const shipped = await t.service.call('POST', `/api/v1/orders/${id}/shipments/`, { body: shipment });
      expect(shipped.status).toBe(202);
      await t.service.local.apply();
    }
    const messages = await cli(['api', 'GET', '/local/messages?limit=100', '--json'], { env: t.env });
    const messagesByOne = await cli(['api', 'GET', '/local/messages?limit=1', '--paginate', '--json'], {
      env: t.env,
    });
    expect(messagesByOne.stderr).toBe('');
    const idsOf = (result: typeof messages) =>
      (result.json() as { results: { id: number }[] }).results.map((message) => message.id);
    expect(idsOf(messages).length).toBeGreaterThanOrEqual(2);
    expect(idsOf(messagesByOne)).toEqual(idsOf(messages));
    // The creates, oldest first, link their next page too: pages of one are the whole list.
    const jobs = await cli(['api', 'GET', '/local/jobs?limit=100', '--json'], { env: t.env });
    const byOne = await cli(['api', 'GET', '/local/jobs?limit=1', '--paginate', '--json'], { env: t.env });
    expect(byOne.stderr).toBe('');
    // (Their numbers: a create may be applied between the two reads, and its state change with it.)
    const seqsOf = (result: typeof jobs) =>
      (result.json() as { results: { seq: number }[] }).results.map((job) => job.seq);
    expect(seqsOf(byOne)).toEqual(seqsOf(jobs));
  });

  it('--paginate says so when a list has more but links no next page, rather than take it for the whole', async () => {
    const cut = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ results: [{ id: 1 }], has_more: true }));
    });
    await new Promise<void>((resolve) => cut.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(cut.address() as AddressInfo).port}`;
      const result = await cli(['api', 'GET', '/things?limit=1', '--paginate'], {
        env: { ...t.env, INTAKE_BASE_URL: url },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('/things?limit=1 says it has more (has_more) but links no next page');
      expect(JSON.parse(result.stdout)).toEqual({ results: [{ id: 1 }], has_more: true });
    } finally {
      cut.close();
    }
  });

  it('sends any request with the profile credentials and prints the body', async () => {
    const health = await cli(['api', 'GET', '/api/v1/health/'], { env: t.env });
    expect(health.code).toBe(0);
    expect(health.stdout).toBe('{"status":"available"}\n');
    // --paginate on an answer that is no list, or a list of one page, prints it as it came.
    const once = await cli(['api', 'GET', '/api/v1/health/', '--paginate'], { env: t.env });
    expect(once.stdout).toBe('{"status":"available"}\n');
    const files = workspace();
    const created = await cli(
      [
        'api',
        'POST',
        '/api/v1/products/',
        '--input',
        files.write('p.json', JSON.stringify(sampleProduct('P-API'))),
      ],
      {
        env: t.env,
      },
    );
    expect(created.code).toBe(0);
    expect(created.json()).toEqual({ message: 'Product creation request has been queued.' });
    const queried = await cli(
      ['api', 'GET', '/local/products?limit=100', '--query', "results[?id=='P-API'].name | [0]"],
      {
        env: t.env,
      },
    );
    expect(queried.stdout).toBe('유기농 현미 10kg\n');
  });

  it('a body the CLI would refuse reaches the service as it is, from standard input', async () => {
    const result = await cli(['api', 'POST', '/api/v1/products/', '--input', '-', '-i'], {
      env: t.env,
      stdin: '{"id": "P-RAW", "name": " ", "image_url": "https:x"}',
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('HTTP 422');
    expect(result.stderr).toContain('content-type: application/json');
    const detail = (result.json() as { detail: { loc: string[] }[] }).detail.map((issue) =>
      issue.loc.join('.'),
    );
    expect(detail).toEqual(['body.name', 'body.image_url']);
  });

  it.each([
    ['a refused secret', ['GET', '/api/v1/shipments/status/'], { INTAKE_SECRET_ACCESS_KEY: 'nope' }, 3],
    ['an unknown order', ['PATCH', '/api/v1/orders/NONE'], {}, 4],
    ['an unknown path', ['GET', '/api/v9/'], {}, 4],
    ['no service', ['GET', '/api/v1/health/'], { INTAKE_BASE_URL: 'http://127.0.0.1:1' }, 5],
  ])('exit codes as for other commands: %s', async (_name, args, env, code) => {
    const result = await cli(['api', ...args, '-H', 'X-Trace: 1'], { env: { ...t.env, ...env } });
    expect(result.code).toBe(code);
  });

  it('builds a JSON body from -f and -F fields, and a query for GET', async () => {
    const files = workspace();
    const order = sampleOrder('ORD-API-F');
    expect((await t.service.call('POST', '/api/v1/orders/', { body: order })).status).toBe(202);
    const shipped = await cli(
      [
        'api',
        'POST',
        '/api/v1/orders/ORD-API-F/shipments/',
        '-f',
        'order_item_ids[]=ORD-API-F-1',
        '-f',
        'order_item_ids[]=ORD-API-F-2',
        '-f',
        'company_code=kr.epost',
        '-F',
        `tracking_number=@${files.write('tracking.txt', '6012345678901\n')}`,
      ],
      { env: t.env },
    );
    expect(shipped.code, shipped.stderr).toBe(0);
    await t.service.local.apply();
    expect((await t.service.local.order('ORD-API-F'))?.shipments[0]).toMatchObject({
      company_code: 'kr.epost',
      tracking_number: '6012345678901',
      order_item_ids: ['ORD-API-F-1', 'ORD-API-F-2'],
    });
    const rewards = await cli(
      ['api', 'GET', '/api/v1/rewards/', '-f', 'start_date=2026-11-01', '-f', 'end_date=2026-11-30'],
      { env: t.env },
    );
    expect(rewards.code).toBe(0);
    expect(rewards.json()).toEqual({ results: [] });
  });

  it('follows the service’s redirect with the same method and body; --no-follow exits 1', async () => {
    expect((await t.service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-API-R') })).status).toBe(
      202,
    );
    const patch = [
      'PATCH',
      '/api/v1/orders/ORD-API-R/',
      '-f',
      'recipient_name=최유나',
      '-f',
      'recipient_cellphone=010-2222-3333',
    ];
    const refused = await cli(['api', ...patch, '--no-follow'], { env: t.env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('answered HTTP 307 to /api/v1/orders/ORD-API-R, which was not followed');
    // The same warning, and a refusal's, in Korean at a Korean terminal (the answer on stdout as it came).
    const ko = { ...t.env, LANG: 'ko_KR.UTF-8' };
    const refusedKo = await cli(['api', ...patch, '--no-follow'], { env: ko });
    expect(refusedKo.stderr).toContain(
      '경고: PATCH /api/v1/orders/ORD-API-R/의 응답은 HTTP 307 (/api/v1/orders/ORD-API-R(으)로)이지만 따라가지 않았습니다',
    );
    const invalid = await cli(['api', 'POST', '/api/v1/orders/', '-f', 'id=X'], { env: ko });
    expect(invalid.code).toBe(4);
    expect(invalid.stderr).toBe('경고: POST /api/v1/orders/의 응답: HTTP 422\n');
    expect(JSON.parse(invalid.stdout).detail[0]).toMatchObject({ type: 'missing', msg: 'Field required' });
    expect((await t.service.local.order('ORD-API-R'))?.recipient_name).toBe('김민지');
    const followed = await cli(['api', ...patch], { env: t.env });
    expect(followed.code).toBe(0);
    expect((await t.service.local.order('ORD-API-R'))?.recipient_name).toBe('최유나');
  });

  it('checks its method, path and headers', async () => {
    for (const [args, message] of [
      [['FETCH', '/x'], '"FETCH" is not an HTTP method'],
      [['GET', 'api/v1/health/'], 'the path must start with /'],
      [['GET', '/', '-H', 'nocolon'], '-H "nocolon" is not "Name: value"'],
      [['POST', '/x', '--input', tempDir('intake-api-')], ': it is a folder'],
      [['POST', '/x', '--input', '/no/such/file'], 'cannot read --input /no/such/file: no such file'],
      [['POST', '/x', '-F', 'a=@/no/such/file'], 'cannot read @/no/such/file: no such file'],
    ] as const) {
      const result = await cli(['api', ...args], { env: t.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});

describe('help', () => {
  it('nested: intake help order create is the help of order create', async () => {
    const nested = await cli(['help', 'order', 'create']);
    const direct = await cli(['order', 'create', '--help']);
    expect(nested.code).toBe(0);
    expect(nested.stdout).toBe(direct.stdout);
    expect(nested.stdout).toContain('Usage: intake order create');
  });

  it.each([
    ['environment', 'INTAKE_DATA_DIR'],
    ['exit-codes', '130  interrupted'],
    ['formats', '{"type":"record","rows":[2,3]'],
  ])('topic %s', async (topic, text) => {
    const result = await cli(['help', topic]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(text);
  });

  it('exit-codes says what every exit code means, as the README does', async () => {
    const topic = (await cli(['help', 'exit-codes'])).stdout;
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    for (const code of Object.values(EXIT)) {
      expect(topic).toMatch(new RegExp(`^  ${code} +\\S`, 'm'));
      expect(readme).toMatch(new RegExp(`^\\| ${code} +\\|`, 'm'));
    }
  });

  it('environment names every variable the code reads', async () => {
    // Set by intake serve for the processes it starts, or a shell variable in a help example.
    const unsaid = new Set(['INTAKE_SERVE_WORKER', 'INTAKE_SERVE_WORKER_PORT', 'INTAKE_SECRET']);
    const read = new Set(
      sourceFiles().flatMap((file) => readFileSync(file, 'utf8').match(/\bINTAKE_[A-Z0-9_]+/g) ?? []),
    );
    const topic = (await cli(['help', 'environment'])).stdout;
    const missing = [...read].filter((name) => !unsaid.has(name) && !new RegExp(`\\b${name}\\b`).test(topic));
    expect(missing).toEqual([]);
    expect(read.size).toBeGreaterThan(20);
  });

  it('an unknown command says what there is', async () => {
    const result = await cli(['help', 'order', 'delete']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('intake order has no command "delete"');
    expect(result.stderr).toContain('Commands: create, patch');
  });
});

describe('intake auth status and config unset', () => {
  async function profiles() {
    const configDir = tempDir('intake-cfg-');
    const env = { INTAKE_CONFIG_DIR: configDir, INTAKE_BASE_URL: t.service.baseUrl };
    const login = (profile: string, secret: string) =>
      cli(
        [
          'login',
          '--profile',
          profile,
          '--access-key-id',
          t.service.credentials.accessKeyId,
          '--secret-stdin',
        ],
        {
          env,
          stdin: secret,
        },
      );
    expect((await login('good', t.service.credentials.secretAccessKey)).code).toBe(0);
    expect((await login('stale', t.service.credentials.secretAccessKey)).code).toBe(0);
    return { configDir, env };
  }

  it('lists every profile with where its secret is and whether the service takes it', async () => {
    const { env } = await profiles();
    const result = await cli(['auth', 'status', '--json'], { env: { ...env, INTAKE_PROFILE: 'good' } });
    expect(result.code).toBe(0);
    expect(result.json()).toEqual([
      expect.objectContaining({ profile: 'good', selected: true, secret_from: 'file', valid: true }),
      expect.objectContaining({ profile: 'stale', selected: false, secret_from: 'file', valid: true }),
    ]);
    expect(result.stderr).toContain('Secrets: no keychain (INTAKE_SECRET_STORAGE is file)');
    expect(result.stderr).toContain('Marketplaces: naver not set up; coupang not set up; cafe24 not set up');
    const withNaver = await cli(['auth', 'status', '--json'], {
      env: {
        ...env,
        INTAKE_PROFILE: 'good',
        INTAKE_NAVER_CLIENT_ID: 'intakeTestClient01',
        INTAKE_NAVER_CLIENT_SECRET: '$2a$04$abcdefghijklmnopqrstuu',
      },
    });
    expect(withNaver.stderr).toContain('Marketplaces: naver from environment; coupang not set up');
  });

  it('exits 3 when the selected credentials are not valid', async () => {
    const { env } = await profiles();
    expect(
      (await cli(['config', 'set', 'access_key_id', 'AKNOBODY', '--profile', 'stale'], { env })).code,
    ).toBe(0);
    const result = await cli(['auth', 'status', '--json', '--profile', 'stale'], { env });
    expect(result.code).toBe(3);
    expect(result.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          profile: 'stale',
          selected: true,
          valid: false,
          reason: 'Access key id was invalid.',
        }),
      ]),
    );
  });

  it('exits 5 when the service cannot be reached, as every other command would', async () => {
    const { env } = await profiles();
    const result = await cli(['auth', 'status', '--json', '--profile', 'good'], {
      env: { ...env, INTAKE_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.code).toBe(5);
    expect(result.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ profile: 'good', selected: true, valid: null })]),
    );
  });

  it('an https:// address to a plain-HTTP service is said in words, not with OpenSSL internals', async () => {
    const plain = new URL(t.service.baseUrl);
    const result = await cli(['health', '--base-url', `https://${plain.host}`], { env: {} });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('does not speak HTTPS at this address');
    expect(result.stderr).not.toMatch(/SSL routines|openssl/i);
  });

  it('intake login against a service that is down exits 5 with the network code, and saves nothing', async () => {
    const configDir = tempDir('intake-cfg-');
    const result = await cli(
      ['login', '--base-url', 'http://127.0.0.1:9', '--access-key-id', 'AKDOWN', '--secret-stdin', '--json'],
      { env: { INTAKE_CONFIG_DIR: configDir }, stdin: 'secret' },
    );
    expect(result.code).toBe(5);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({
      type: 'error',
      exit_code: 5,
      code: 'NETWORK_ERROR',
    });
    const listed = await cli(['config', 'list', '--json'], { env: { INTAKE_CONFIG_DIR: configDir } });
    expect(listed.stdout).not.toContain('AKDOWN');
  });

  it('checks what commands will really use: a secret alone in the environment is not a valid profile', async () => {
    const { env } = await profiles();
    const result = await cli(['auth', 'status', '--json'], {
      env: {
        ...env,
        INTAKE_PROFILE: 'good',
        INTAKE_SECRET_ACCESS_KEY: t.service.credentials.secretAccessKey,
      },
    });
    expect(result.code).toBe(3);
    const rows = result.json() as Record<string, unknown>[];
    expect(rows.filter((row) => row.selected)).toEqual([
      expect.objectContaining({
        profile: '(environment)',
        valid: null,
        reason: expect.stringContaining('INTAKE_ACCESS_KEY_ID is not set'),
      }),
    ]);
    // And so does every other command.
    expect(
      (
        await cli(['keys', 'check'], {
          env: { ...env, INTAKE_PROFILE: 'good', INTAKE_SECRET_ACCESS_KEY: 'x' },
        })
      ).code,
    ).toBe(3);
  });

  it('config unset removes a setting, and its default applies again', async () => {
    const { env } = await profiles();
    expect((await cli(['config', 'set', 'output', 'json', '--profile', 'good'], { env })).code).toBe(0);
    expect((await cli(['config', 'get', 'output', '--profile', 'good'], { env })).json()).toMatchObject({
      value: 'json',
      source: 'profile',
    });
    const unset = await cli(['config', 'unset', 'output', '--profile', 'good'], { env });
    expect(unset.stderr).toContain('Removed output from profile "good".');
    expect((await cli(['config', 'get', 'output', '--profile', 'good'], { env })).stdout).toBe('table\n');
    expect((await cli(['config', 'unset', 'secret_access_key'], { env })).code).toBe(2);
  });
});

describe('carriers', () => {
  const files = workspace();
  const own = files.write(
    'carriers.json',
    JSON.stringify([
      { code: 'self', name: '직접' },
      { code: 'zz.custom', name: 'Custom Express' },
    ]),
  );

  it('intake carriers says whose list it prints', async () => {
    const builtIn = await cli(['carriers'], { env: t.env });
    expect(builtIn.stderr).toContain("From the built-in list (the spec's 26 codes).");
    const fromFile = await cli(['carriers', '--carriers', own, '--json'], { env: t.env });
    expect(fromFile.json()).toEqual([
      { code: 'self', name: '직접' },
      { code: 'zz.custom', name: 'Custom Express' },
    ]);
    expect(fromFile.stderr).toContain(`From ${own} (--carriers).`);
  });

  it('an upload warns once per code it does not know, and sends those shipments', async () => {
    for (const id of ['ORD-W1', 'ORD-W2'])
      await t.service.call('POST', '/api/v1/orders/', { body: sampleOrder(id) });
    const path = files.write(
      'shipments.csv',
      'order_id,order_item_id,company_code,tracking_number\nORD-W1,ORD-W1-1,zz.other,1\nORD-W2,ORD-W2-1,zz.other,2\n',
    );
    const result = await cli(['shipment', 'create', path, '--json'], { env: t.env });
    expect(result.stderr.match(/company_code "zz.other" is not in/g)).toHaveLength(1);
    expect(result.summary()).toMatchObject({ rejected: 2 });
    expect(result.records()[0]?.message).toContain("company_code: Input should be 'self'");
  });

  it("a code in the profile's list is sent without a warning", async () => {
    const configDir = tempDir('intake-cfg-');
    const env = { ...t.env, INTAKE_CONFIG_DIR: configDir };
    expect((await cli(['config', 'set', 'carriers', own], { env })).code).toBe(0);
    await t.service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-CAR') });
    const result = await cli(
      [
        'shipment',
        'create',
        '--order',
        'ORD-CAR',
        '--items',
        'ORD-CAR-1',
        '--company-code',
        'zz.custom',
        '--tracking-number',
        '1',
        '--dry-run',
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('warning');
  });
});

describe('rough edges', () => {
  it('says "did you mean" for a header with a slip, and for a help topic', async () => {
    const files = workspace();
    const path = files.write(
      'orders.csv',
      'order_id,recipent_name,recipient_cellphone,item_id,product_id,product_name,product_image_url\nO-1,a,010-1111-2222,O-1-1,P-1,n,https://x.example.com/a.png\n',
    );
    const upload = await cli(['order', 'create', path, '--dry-run'], { env: t.env });
    expect(upload.code).toBe(2);
    expect(upload.stderr).toContain(
      'Did you mean recipient_name for the header "recipent_name"? Correct it, or map it: --columns "recipient_name=recipent_name"',
    );
    const help = await cli(['help', 'exit-code']);
    expect(help.code).toBe(2);
    expect(help.stderr).toContain('Did you mean "exit-codes"?');
  });

  it.each([
    ['no service', ['health', '--json'], { INTAKE_BASE_URL: 'http://127.0.0.1:9' }, 5, 'NETWORK_ERROR'],
    ['a missing file', ['order', 'create', '/nonexistent/orders.csv', '-o', 'json'], {}, 2, undefined],
    [
      'refused credentials',
      ['queue', 'status', '--json'],
      { INTAKE_SECRET_ACCESS_KEY: 'wrong' },
      3,
      'API_ERROR',
    ],
  ])(
    'with --json, an error is a JSON object on stdout with its exit code: %s',
    async (_name, args, env, code, reason) => {
      const result = await cli(args, { env: { ...t.env, ...env } });
      expect(result.code).toBe(code);
      const line = jsonLines(result.stdout).at(-1);
      expect(line).toMatchObject({ type: 'error', exit_code: code, message: expect.any(String) });
      if (reason) expect(line?.code).toBe(reason);
      expect(result.stderr).toContain(`error: ${String(line?.message)}`);
    },
  );

  it.each([
    ['intake.example.com', 'Did you mean https://intake.example.com?'],
    ['intake.example.com:8443/shop', 'Did you mean https://intake.example.com:8443/shop?'],
    ['localhost:8080', 'Did you mean http://localhost:8080?'],
    ['127.0.0.1:8080', 'Did you mean http://127.0.0.1:8080?'],
    ['[::1]:8080', 'Did you mean http://[::1]:8080?'],
    ['intake.example.com/api/v1/', 'Did you mean https://intake.example.com?'],
    ['localhost:8080/shop/api/v1', 'Did you mean http://localhost:8080/shop?'],
    ['intranet', undefined],
    ['ftp://intake.example.com', undefined],
    ['intake example.com', undefined],
  ])(
    'a base URL without http:// or https:// (%s) is a usage error that guesses the address meant',
    async (typed, hint) => {
      const result = await cli(['health', '--base-url', typed], { env: t.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `error: base URL "${typed}" (from --base-url) is not an http:// or https:// URL\n` +
          (hint === undefined ? '' : `  ${hint}\n`),
      );
    },
  );

  it('a base URL ending in /api/v1 is a usage error with a hint', async () => {
    const result = await cli(['health'], { env: { INTAKE_BASE_URL: `${t.service.baseUrl}/api/v1/` } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('ends in /api/v1');
    expect(result.stderr).toContain(`Give the service's address without it: ${t.service.baseUrl}`);
  });

  it('a base URL with a user name or password in it is a usage error that never repeats them', async () => {
    const { host } = new URL(t.service.baseUrl);
    const result = await cli(['health'], { env: { INTAKE_BASE_URL: `http://shop:hunter2@${host}/` } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: base URL (from INTAKE_BASE_URL) has a user name or password in it',
    );
    expect(result.stderr).toContain(`Give the service's address without them: http://${host}\n`);
    expect(result.stderr).not.toMatch(/hunter2|shop:/);
    const korean = await cli(['config', 'set', 'base_url', `http://shop:hunter2@${host}`], {
      env: { INTAKE_CONFIG_DIR: tempDir('intake-cfg-'), LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.code).toBe(2);
    expect(korean.stderr).toContain('사용자 이름이나 비밀번호가 들어 있습니다');
    expect(korean.stderr).toContain('자격 증명은 intake login이나');
    expect(korean.stderr).not.toMatch(/hunter2|shop:|user name/);
    // A marketplace's address (a relay's, say) is kept to the same rule.
    const relay = await cli(['config', 'set', 'naver_base_url', 'https://relay:hunter2@relay.example.com'], {
      env: { INTAKE_CONFIG_DIR: tempDir('intake-cfg-') },
    });
    expect(relay.code).toBe(2);
    expect(relay.stderr).toContain('error: naver_base_url has a user name or password in it');
    expect(relay.stderr).not.toMatch(/hunter2/);
  });

  it('config set refuses a base URL ending in /api/v1; a bad one already stored can still be mended', async () => {
    const configDir = tempDir('intake-cfg-');
    const env = { INTAKE_CONFIG_DIR: configDir };
    const refused = await cli(['config', 'set', 'base_url', `${t.service.baseUrl}/api/v1`], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Give the service's address without it: ${t.service.baseUrl}`);
    // Stored by an older version, or by hand: `config` still runs, the service's commands say why not.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { default: { base_url: `${t.service.baseUrl}/api/v1` } } }),
    );
    const health = await cli(['health'], { env });
    expect(health.code).toBe(2);
    expect(health.stderr).toContain('ends in /api/v1');
    expect((await cli(['config', 'list'], { env })).code).toBe(0);
    expect((await cli(['config', 'set', 'base_url', t.service.baseUrl], { env })).code).toBe(0);
    expect((await cli(['health'], { env })).code).toBe(0);
  });

  it('--timeout bounds queue status against a service that never answers, and the error says the attempts', async () => {
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      const result = await cli(['queue', 'status', '--wait', '--timeout', '300ms'], {
        env: { ...t.env, INTAKE_BASE_URL: url },
      });
      expect(result.code).toBe(5);
      expect(result.stderr).toMatch(/no answer within 0\.3s \(4 attempts in \d+(\.\d)? s\)/);
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  it('a refused single create prints its record line and the summary on stdout in JSON mode', async () => {
    const files = workspace();
    const shipment = {
      order_id: 'NO-ORDER',
      order_item_ids: ['X-1'],
      company_code: 'kr.epost',
      tracking_number: '1',
    };
    const result = await cli(
      ['shipment', 'create', files.write('s.json', JSON.stringify(shipment)), '--json'],
      {
        env: t.env,
      },
    );
    expect(result.code).toBe(4);
    expect(result.records()).toEqual([
      {
        type: 'record',
        rows: [1],
        id: 'NO-ORDER kr.epost 1',
        outcome: 'rejected',
        status: 404,
        message: "Order 'NO-ORDER' not found.",
      },
    ]);
    expect(result.summary()).toMatchObject({ records: 1, rejected: 1 });
    const patch = await cli(
      ['order', 'patch', 'NONE', '--recipient-name', 'a', '--recipient-cellphone', '010-1234-5678', '--json'],
      {
        env: t.env,
      },
    );
    expect(patch.code).toBe(4);
    expect(patch.json()).toMatchObject({ type: 'error', exit_code: 4, code: 'API_ERROR', status: 404 });
  });
});
