import { describe, expect, it } from 'vitest';
import { cli, jsonLines, useService } from '../helpers/cli.js';
import { fakes, marketplaceEnv, FAKE_CREDENTIALS } from '../helpers/marketplaces.js';
import { tempDir } from '../helpers/temp.js';

const t = useService({ startWorker: false });

/** A profile of its own (config and data folders) pointed at the test service and its fakes. */
const profile = (): Record<string, string> => ({
  ...t.env,
  ...marketplaceEnv(t.service),
  INTAKE_CONFIG_DIR: tempDir('intake-config-'),
  INTAKE_DATA_DIR: tempDir('intake-data-'),
});

/** Two orders of one line: the first a relay or landline number with a mobile beside it, the second two landlines. */
const seed = (prefix: string, first: string) => ({
  orders: [
    {
      order_id: `${prefix}1`,
      recipient_name: '김민지',
      recipient_phone: first,
      recipient_other_phone: '010-7054-8071',
      lines: [
        { line_id: `${prefix}1-1`, product_id: '7001', product_name: '감귤', quantity: 1, price: 9_900 },
      ],
    },
    {
      order_id: `${prefix}2`,
      recipient_name: '박지훈',
      recipient_phone: '010-2222-3333',
      recipient_other_phone: '02-555-6666',
      lines: [
        { line_id: `${prefix}2-1`, product_id: '7001', product_name: '감귤', quantity: 1, price: 9_900 },
      ],
    },
  ],
  products: [{ product_id: '7001', name: '감귤', image_url: 'https://shop.example.com/7001.jpg' }],
});

const phoneOf = async (id: string) =>
  (await t.service.local.orders()).find((order) => order.id === id)?.recipient_cellphone;

describe("a marketplace order's second number", () => {
  it('Naver: tel2 is sent where tel1 is a relay number and tel2 a mobile', async () => {
    const fake = fakes(t.service);
    await fake.reset('naver');
    await fake.setUp('naver');
    await fake.seed('naver', seed('N-TEL-', '0504-123-4567'));
    const pulled = await cli(['pull', 'naver', '--json'], { env: profile() });
    expect(pulled.code, pulled.stderr).toBe(0);
    // Before, the relay number was the one read, and the order was not sent.
    expect(jsonLines(pulled.stdout).filter((line) => line.outcome === 'not_sent')).toEqual([]);
    expect(pulled.summary()).toMatchObject({ accepted: 2 });
    expect(await phoneOf('N-TEL-1')).toBe('010-7054-8071');
    expect(await phoneOf('N-TEL-2')).toBe('010-2222-3333');
  });

  it('Coupang: of the receiver number and the safe number, the one that is a mobile is sent', async () => {
    const fake = fakes(t.service);
    await fake.reset('coupang');
    await fake.setUp('coupang');
    await fake.seed('coupang', seed('3200000955', '0502-344-6681'));
    const pulled = await cli(['pull', 'coupang', '--json'], { env: profile() });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(await phoneOf('32000009551')).toBe('010-7054-8071');
    expect(await phoneOf('32000009552')).toBe('010-2222-3333');
  });

  it('Cafe24: the receiver phone is sent where the cellphone is a landline and the phone a mobile', async () => {
    const fake = fakes(t.service);
    await fake.reset('cafe24');
    await fake.setUp('cafe24');
    await fake.seed('cafe24', seed('20261203-0000', '031-123-4567'));
    const env = profile();
    const { mall_id, client_id, redirect_uri, client_secret } = FAKE_CREDENTIALS.cafe24;
    const login = await cli(
      [
        'marketplace',
        'login',
        'cafe24',
        '--mall-id',
        mall_id,
        '--client-id',
        client_id,
        '--redirect-uri',
        redirect_uri,
        '--code',
        await fake.cafe24Code(),
        '--secret-stdin',
      ],
      { env, stdin: client_secret },
    );
    expect(login.code, login.stderr).toBe(0);
    const pulled = await cli(['pull', 'cafe24', '--json'], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(await phoneOf('20261203-00001')).toBe('010-7054-8071');
    expect(await phoneOf('20261203-00002')).toBe('010-2222-3333');
  });
});
