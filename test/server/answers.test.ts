import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_DEPTH_LIMIT } from '../../src/contract/index.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { rawExchange as rawRequest } from '../helpers/net.js';
import { startService, type TestService } from '../helpers/service.js';

let service: TestService;
beforeAll(async () => {
  service = await startService({ startWorker: false });
  await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-A') });
});
afterAll(() => service.close());

describe('paths outside the service are 404 in the spec shape', () => {
  it.each([
    ['a bad percent-encoding', 'PATCH', '/api/v1/orders/%E0%A4%A'],
    ['a bad percent-encoding in a shipment path', 'POST', '/api/v1/orders/%ZZ/shipments/'],
    ['an id over 255 characters', 'PATCH', `/api/v1/orders/${'x'.repeat(256)}`],
    ['an id over 4,096 characters', 'PATCH', `/api/v1/products/${'x'.repeat(5000)}/`],
    ['a long id in Korean', 'PATCH', `/api/v1/products/${encodeURIComponent('가'.repeat(1000))}/`],
    ['an empty id', 'POST', '/api/v1/orders//shipments/'],
  ])('%s', async (_name, method, path) => {
    const port = Number(new URL(service.baseUrl).port);
    const body = JSON.stringify({ recipient_name: 'a', recipient_cellphone: 'b' });
    const answer = await rawRequest(
      port,
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${service.authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Not Found' });
  });
});

describe('405 for HEAD, OPTIONS and TRACE on known paths', () => {
  it.each([
    ['HEAD', '/api/v1/health/', 'GET'],
    ['OPTIONS', '/api/v1/orders/', 'POST'],
    ['TRACE', '/api/v1/products/P-1/', 'PATCH'],
    ['TRACE', '/api/v1/orders/ORD-A/shipments/', 'POST'],
  ])('%s %s', async (method, path, allow) => {
    const answer = await service.call(method, path);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(allow);
    if (method !== 'HEAD') expect(answer.json).toEqual({ detail: 'Method Not Allowed' });
  });
});

it('TRACE over a socket is 405 too', async () => {
  const port = Number(new URL(service.baseUrl).port);
  const answer = await rawRequest(
    port,
    'TRACE /api/v1/orders/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  );
  expect(answer.status).toBe(405);
  expect(JSON.parse(answer.body)).toEqual({ detail: 'Method Not Allowed' });
});

it('CONNECT (a proxy tunnel) is answered 405 and names its request, not ended without a word', async () => {
  const port = Number(new URL(service.baseUrl).port);
  const answer = await rawRequest(
    port,
    'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\nX-Request-Id: tunnel-1\r\n\r\n',
  );
  expect(answer.status).toBe(405);
  expect(answer.head).toMatch(/\r\nx-request-id: tunnel-1\r\n/i);
  expect(JSON.parse(answer.body)).toEqual({ detail: 'Method Not Allowed' });
});

it("a request Node itself refuses (headers over its limit) is answered in the spec's shape", async () => {
  const port = Number(new URL(service.baseUrl).port);
  const answer = await rawRequest(
    port,
    `GET /api/v1/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
  );
  expect(answer.status).toBe(431);
  expect(answer.head).toMatch(/\r\nConnection: close(\r\n|$)/);
  expect(JSON.parse(answer.body)).toEqual({ detail: 'Request Header Fields Too Large' });
  // To HEAD, the same answer without its body (a client would take the body for the next answer).
  const head = await rawRequest(
    port,
    `HEAD /api/v1/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
  );
  expect(head.status).toBe(431);
  expect(head.head).toMatch(/\r\nContent-Length: \d+\r\n/);
  expect(head.body).toBe('');
});

describe('a body is read as JSON whatever its Content-Type', () => {
  it.each([
    ['no Content-Type', undefined],
    ['an empty Content-Type', ''],
    ['text/plain', 'text/plain'],
    ['a malformed one', '///;;;'],
    ['form data', 'application/x-www-form-urlencoded'],
  ])('%s', async (_name, type) => {
    const body = JSON.stringify(sampleProduct(`P-CT-${String(type)}`));
    const ok = await service.http('POST', '/api/v1/products/', {
      raw: body,
      headers: type === undefined ? {} : { 'content-type': type },
    });
    expect(ok.status).toBe(202);
    const notJson = await service.http('POST', '/api/v1/products/', {
      raw: 'name=x',
      headers: type === undefined ? {} : { 'content-type': type },
    });
    expect(notJson.status).toBe(422);
    expect(notJson.json).toMatchObject({ detail: [{ type: 'json_invalid', loc: ['body', '0'] }] });
  });
});

describe('every 422 item carries input, however deep', () => {
  it.each([
    ['a body nested 500,000 deep', `${'['.repeat(500_000)}${']'.repeat(500_000)}`, ['body']],
    [
      'a field nested 100,000 deep',
      JSON.stringify({ ...sampleProduct('P-D'), name: 0 }).replace(
        '0',
        `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
      ),
      ['body', 'name'],
    ],
  ])('%s', async (_name, raw, loc) => {
    const answer = await service.call('POST', '/api/v1/products/', { raw });
    expect(answer.status).toBe(422);
    const [issue] = (answer.json as { detail: { loc: string[]; input: unknown }[] }).detail;
    expect(issue?.loc).toEqual(loc);
    expect(issue).toHaveProperty('input');
    let depth = 0;
    for (let value = issue?.input; value !== null && typeof value === 'object'; depth++) {
      value = Object.values(value)[0];
    }
    expect(depth).toBeGreaterThan(0);
    expect(depth).toBeLessThanOrEqual(INPUT_DEPTH_LIMIT);
  });
});

describe('image URLs', () => {
  it.each([
    'https:cdn.example.com/a.jpg',
    'https:/x.jpg',
    ' https://cdn.example.com/a.jpg ',
    'https:///a.jpg',
    'https://x.example:abc/a.jpg',
    'https://x[y].example/a.jpg',
    'https://cdn.example.com/사진 1.jpg',
    'https://cdn.example.com:70000/a.jpg',
    'https://img.123/a.jpg',
    'https://cdn.example.com/a\u0000.jpg',
  ])('%j is refused', async (image_url) => {
    const answer = await service.call('POST', '/api/v1/products/', {
      body: { ...sampleProduct('P-URL'), image_url },
    });
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ detail: [{ loc: ['body', 'image_url'], input: image_url }] });
  });

  it.each([
    'HTTPS://CDN.example.com/A.JPG',
    'https://cdn.example.kr/상품/사진1.jpg?w=300',
    'http://127.0.0.1:8080/a?b=c#d',
    'https://shop-1.cdn.example.com./p.png',
    // Any host a WHATWG URL parser (a browser, the reference service's validator) takes.
    'https://[::1]/a.jpg',
    'https://xn--bcher-kva.example/x.jpg',
    'http://a_b.example/x.jpg',
    "https://o'neil.example/a.jpg",
    'https://예시.한국/사진.jpg',
  ])('%j is taken and stored as sent', async (image_url) => {
    const id = `P-URL-${encodeURIComponent(image_url)}`;
    const answer = await service.call('POST', '/api/v1/products/', {
      body: { ...sampleProduct(id), image_url },
    });
    expect(answer.status).toBe(202);
    expect((await service.local.product(id))?.image_url).toBe(image_url);
  });
});

describe('a shipment sent again changes nothing', () => {
  const ship = (items: string[], tracking: string, company = 'kr.cjlogistics') =>
    service.call('POST', '/api/v1/orders/ORD-N/shipments/', {
      body: { order_item_ids: items, company_code: company, tracking_number: tracking },
    });
  const shipmentJobs = async () => (await service.local.jobs()).filter((job) => job.kind === 'shipment');

  it('queued or applied: 202, no new job, no second message', async () => {
    await service.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-N') });
    const before = (await shipmentJobs()).length;
    expect((await ship(['ORD-N-1', 'ORD-N-2'], '111')).status).toBe(202);
    expect((await ship(['ORD-N-2', 'ORD-N-1'], '111')).json).toEqual({
      message: 'Shipment creation request has been queued.',
    });
    expect((await ship(['ORD-N-1'], '111')).status).toBe(202);
    expect(await shipmentJobs()).toHaveLength(before + 1);
    await service.local.apply();
    expect((await ship(['ORD-N-1', 'ORD-N-2'], '111')).status).toBe(202);
    expect(await shipmentJobs()).toHaveLength(before + 1);
    await service.local.apply();
    const order = await service.local.order('ORD-N');
    expect(order?.shipments).toHaveLength(1);
    const notices = (await service.local.messages('order_id=ORD-N')).filter((m) => m.kind === 'shipment');
    expect(notices).toHaveLength(1);
  });

  it('another tracking number, another carrier, or an item without it is a new shipment', async () => {
    const before = (await shipmentJobs()).length;
    expect((await ship(['ORD-N-1'], '222')).status).toBe(202);
    expect((await ship(['ORD-N-1'], '222', 'kr.hanjin')).status).toBe(202);
    expect((await ship(['ORD-N-1', 'ORD-N-2'], '222', 'kr.hanjin')).status).toBe(202);
    expect(await shipmentJobs()).toHaveLength(before + 3);
  });
});
