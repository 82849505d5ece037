import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER } from '../helpers/samples.js';

const t = useService();

const IMAGE = 'https://shop.example.com/p.jpg';

describe('counts in the thousands, as a check says them', () => {
  it('a count of invalid orders in the thousands is written with its thousands marked', async () => {
    // Every order names the same item id, as when the item column is mapped to a column of one value.
    const files = workspace();
    const rows = Array.from(
      { length: 1_500 },
      (_, index) => `M-${index},김민지,010-1234-5678,ITEM,P-1,감귤,${IMAGE}`,
    );
    const csv = files.write('orders.csv', [ORDERS_HEADER, ...rows].join('\n'));
    const dry = await cli(['order', 'create', csv, '--dry-run'], { env: t.env });
    expect(dry.code).toBe(4);
    expect(dry.stderr).toContain('orders.csv: 1,500 orders in 1,500 rows, 1,500 invalid');
  });

  it('products without an image, counted with their thousands marked, in English and Korean', async () => {
    const files = workspace();
    const rows = Array.from(
      { length: 1_200 },
      (_, index) => `N-${index},김민지,010-1234-5678,N-${index}-1,P-${index},감귤,`,
    );
    const csv = files.write('orders.csv', [ORDERS_HEADER, ...rows].join('\n'));
    const dry = await cli(['order', 'create', csv, '--dry-run'], { env: t.env });
    expect(dry.code).toBe(4);
    // The first 1,000 rows with problems are looked at: 1,000 products named, ten of them by id.
    expect(dry.stderr).toContain(
      '1,000 products have no image address here or in the product list (in the first 1,000 rows with problems)',
    );
    expect(dry.stderr).toContain(', and 990 more');
    const korean = await cli(['order', 'create', csv, '--dry-run'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.stderr).toContain('상품 1,000개의 이미지 주소가 없고');
    expect(korean.stderr).toContain(' 외 990개');
  });

  it('a product id on many rows of other data says so, not that a product has too many rows', async () => {
    const files = workspace();
    const rows = Array.from({ length: 1_200 }, (_, index) => `P-1,감귤 ${index},${IMAGE}`);
    const csv = files.write('products.csv', ['id,name,image_url', ...rows].join('\n'));
    const dry = await cli(['product', 'create', csv, '--dry-run'], { env: t.env });
    expect(dry.code).toBe(4);
    expect(dry.stderr).toContain('products.csv: 1 product in 1,200 rows, 1 invalid');
    expect(dry.stderr).toContain('row 2: the same id is in 1,200 rows, each with other data: keep one');
    expect(dry.stderr).toContain('row 3: the same id is also in row 2, with other data');
    expect(dry.stderr).not.toContain('are allowed');
    const korean = await cli(['product', 'create', csv, '--dry-run'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.stderr).toContain(
      '2행: 같은 번호가 1,200개 행에 있고 내용이 서로 다릅니다. 하나만 남기세요',
    );
  });
});
