import { describe, expect, it } from 'vitest';
import { TEST_ENGINE, testDatabaseUrl } from '../helpers/engines.js';
import { sampleOrder, sampleProduct } from '../helpers/samples.js';
import { type TestService, servicesClosedAfterEach } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

const { service } = servicesClosedAfterEach();

/** The value of one series of the exposition (0 when it is not there). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const scrape = async (s: TestService) => {
  const answer = await s.http('GET', '/metrics', { headers: { authorization: '' } });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toContain('text/plain');
  return answer.text;
};

describe('GET /metrics', () => {
  it('counts requests by route and status, times acceptance and apply, counts faults and the queue', async () => {
    const s = await service({ startWorker: false });
    for (const id of ['ORD-M1', 'ORD-M2']) await s.call('POST', '/api/v1/orders/', { body: sampleOrder(id) });
    await s.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-M1') });
    const shipment = {
      order_item_ids: ['ORD-M1-1'],
      company_code: 'kr.cjlogistics',
      tracking_number: '640000000009',
    };
    expect((await s.call('POST', '/api/v1/orders/ORD-M1/shipments/', { body: shipment })).status).toBe(202);
    await s.call('PUT', '/local/faults', { body: { spec: 'POST /api/v1/products/=503:next=1' } });
    await s.http('POST', '/api/v1/products/', { body: sampleProduct('P-M1') });
    let text = await scrape(s);
    expect(
      value(text, 'intake_http_requests_total{method="POST",route="/api/v1/orders/",status="202"}'),
    ).toBe(2);
    expect(
      value(text, 'intake_http_requests_total{method="POST",route="/api/v1/orders/",status="409"}'),
    ).toBe(1);
    expect(value(text, 'intake_accept_seconds_count{kind="order"}')).toBe(2);
    expect(value(text, 'intake_accept_seconds_count{kind="shipment"}')).toBe(1);
    expect(value(text, 'intake_faults_injected_total{kind="503"}')).toBe(1);
    expect(value(text, 'intake_queue_depth{kind="order"}')).toBe(2);
    expect(text).toContain('# TYPE intake_apply_lag_seconds histogram');
    await s.local.apply();
    text = await scrape(s);
    expect(value(text, 'intake_queue_depth{kind="order"}')).toBe(0);
    expect(value(text, 'intake_apply_lag_seconds_count{kind="order"}')).toBe(2);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('any process answers for them all', async () => {
    const databaseUrl = await testDatabaseUrl(tempDir('intake-metrics-'));
    const [a, b] = [
      await service({ databaseUrl, startWorker: false }),
      await service({ databaseUrl, startWorker: false }),
    ];
    await a.call('POST', '/api/v1/orders/', { body: sampleOrder('ORD-A') });
    for (const id of ['ORD-B1', 'ORD-B2']) await b.call('POST', '/api/v1/orders/', { body: sampleOrder(id) });
    await b.app.service.metrics.publish();
    const text = await scrape(a);
    expect(
      value(text, 'intake_http_requests_total{method="POST",route="/api/v1/orders/",status="202"}'),
    ).toBe(3);
    expect(value(text, 'intake_queue_depth{kind="order"}')).toBe(3);
  });
});
