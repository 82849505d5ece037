import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER_WITH_MEMBER } from '../helpers/samples.js';
import { FILE_PRODUCTS_KEPT, FileProducts } from '../../src/input/file-products.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });

/** The generated files' seed: the same files on every run, so a failure comes back as it was. */
const SEED = 20261201;

const IMAGE = 'https://cdn.example.com/px-2.jpg';

/** The product of an order's first line, as the service took it. */
async function productOf(orderId: string) {
  const order = await t.service.local.order(orderId);
  const item = order?.items[0] as { product_name?: string; product_image_url?: string } | undefined;
  return { name: item?.product_name, image_url: item?.product_image_url };
}

describe('a product named in full on one row of a file and by its id alone on others', () => {
  it('is filled from that row, before it and after it; a product the file never names is still refused', async () => {
    const files = workspace();
    const csv = files.write(
      'orders.csv',
      [
        ORDERS_HEADER_WITH_MEMBER,
        // By its id before the row that names it, and a masked buyer id (said once, not once a pass).
        'FP-1,abcd****,박지훈,010-4444-5555,FP-1-1,PX-2,,',
        `FP-2,M-1,김민지,010-1234-5678,FP-2-1,PX-2,한라봉 3kg,${IMAGE}`,
        'FP-3,M-2,이서연,010-2222-3333,FP-3-1,PX-2,,',
        'FP-4,M-2,이서연,010-2222-3333,FP-4-1,PX-9,,',
      ].join('\n') + '\n',
    );
    const sent = await cli(['order', 'create', csv, '--json'], { env: t.env });
    expect(sent.code, sent.stderr).toBe(4);
    expect(sent.summary()).toMatchObject({ records: 4, accepted: 3, invalid: 1 });
    expect(sent.stderr).toContain('1 product has no name here or in the product list: PX-9 (row 5)');
    expect(sent.stderr).toContain('1 row has a masked buyer id');
    const rejects = readFileSync(files.path('orders.rejects.csv'), 'utf8').trim().split('\n');
    expect(rejects).toHaveLength(2);
    expect(rejects[1]).toMatch(/^FP-4,/);
    await t.service.local.apply();
    for (const id of ['FP-1', 'FP-2', 'FP-3']) {
      expect(await productOf(id)).toEqual({ name: '한라봉 3kg', image_url: IMAGE });
    }
  });

  it('names a product as the file does, not as an earlier file did; --products, given for this upload, comes first', async () => {
    const files = workspace();
    const set = await cli(
      ['catalog', 'set', 'PX-5', '--name', '옛 이름', '--image-url', 'https://cdn.example.com/old.jpg'],
      { env: t.env },
    );
    expect(set.code, set.stderr).toBe(0);
    const rows = (prefix: string) =>
      [
        ORDERS_HEADER_WITH_MEMBER,
        `${prefix}-1,M-1,김민지,010-1234-5678,${prefix}-1-1,PX-5,,`,
        `${prefix}-2,M-2,이서연,010-2222-3333,${prefix}-2-1,PX-5,새 이름,https://cdn.example.com/new.jpg`,
      ].join('\n') + '\n';
    const plain = await cli(['order', 'create', files.write('new.csv', rows('FPN'))], { env: t.env });
    expect(plain.code, plain.stderr).toBe(0);
    const listed = files.write(
      'products.csv',
      'id,name,image_url\nPX-5,목록 이름,https://cdn.example.com/list.jpg\n',
    );
    const withList = await cli(
      ['order', 'create', files.write('listed.csv', rows('FPL')), '--products', listed],
      {
        env: t.env,
      },
    );
    expect(withList.code, withList.stderr).toBe(0);
    await t.service.local.apply();
    expect(await productOf('FPN-1')).toEqual({
      name: '새 이름',
      image_url: 'https://cdn.example.com/new.jpg',
    });
    expect(await productOf('FPL-1')).toEqual({
      name: '목록 이름',
      image_url: 'https://cdn.example.com/list.jpg',
    });
    // The row that names the product sends it as named, whatever a list says.
    expect(await productOf('FPL-2')).toEqual({
      name: '새 이름',
      image_url: 'https://cdn.example.com/new.jpg',
    });
  });
});

/** An order line of a generated file: its product, and whether this row names it in full. */
interface Line {
  product: number;
  named: boolean;
}

describe('files whose rows name their products here and there (generated, seeded)', () => {
  it('every order whose products some row names goes, each line as its row or else the first naming row names it; the rest are refused', async () => {
    const files = workspace();
    let run = 0;
    const line = fc.record({ product: fc.integer({ min: 0, max: 3 }), named: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(line, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 6 }),
        async (orders) => {
          run += 1;
          const prefix = `FPG${run}`;
          const rows: string[] = [];
          const firstNaming = new Map<number, number>();
          orders.forEach((lines: Line[], order) =>
            lines.forEach((item, index) => {
              const row = rows.length + 2;
              const named = item.named ? `상품${item.product}-행${row}` : '';
              if (item.named && !firstNaming.has(item.product)) firstNaming.set(item.product, row);
              rows.push(
                `${prefix}-${order},M-${order},김민지,010-1234-5678,${prefix}-${order}-${index},${prefix}-P${item.product},${named},${named && `https://cdn.example.com/${named}.jpg`}`,
              );
            }),
          );
          const csv = files.write(`${prefix}.csv`, [ORDERS_HEADER_WITH_MEMBER, ...rows].join('\n') + '\n');
          const sent = await cli(['order', 'create', csv, '--json'], { env: t.env });
          const whole = (lines: Line[]) => lines.every((item) => firstNaming.has(item.product));
          const accepted = orders.filter(whole).length;
          expect(sent.summary(), sent.stderr).toMatchObject({ accepted, invalid: orders.length - accepted });
          await t.service.local.apply();
          let row = 2;
          for (const [order, lines] of orders.entries()) {
            const taken = await t.service.local.order(`${prefix}-${order}`);
            const names = (taken?.items ?? []).map(
              (item) => (item as { product_name?: string }).product_name,
            );
            const expected = lines.map((item, index) => {
              const own = row + index;
              return `상품${item.product}-행${item.named ? own : firstNaming.get(item.product)}`;
            });
            expect(names).toEqual(whole(lines) ? expected : []);
            row += lines.length;
          }
        },
      ),
      { numRuns: 12, seed: SEED },
    );
  });
});

describe('FileProducts', () => {
  it('keeps the first full mention, tells a late one, and stops noting at its bound or once frozen', () => {
    const file = new FileProducts();
    expect(file.lookup('A')).toBeUndefined();
    file.note('A', { name: 'a', image_url: 'https://x.example/a.jpg' });
    file.note('A', { name: 'a again', image_url: 'https://x.example/a2.jpg' });
    expect(file.givenLate()).toBe(true);
    expect(file.lookup('A')).toEqual({ name: 'a', image_url: 'https://x.example/a.jpg' });
    file.freeze();
    expect(file.givenLate()).toBe(false);
    file.note('B', { name: 'b', image_url: 'https://x.example/b.jpg' });
    expect(file.lookup('B')).toBeUndefined();
    const full = new FileProducts();
    for (let n = 0; n <= FILE_PRODUCTS_KEPT; n++)
      full.note(`P${n}`, { name: 'p', image_url: 'https://x.example/p.jpg' });
    expect(full.lookup(`P${FILE_PRODUCTS_KEPT - 1}`)).toBeDefined();
    expect(full.lookup(`P${FILE_PRODUCTS_KEPT}`)).toBeUndefined();
  });
});
