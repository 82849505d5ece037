import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import {
  ENGLISH_SHARED_WORDS,
  KOREAN_SHARED_WORDS,
  splitShared,
  type ProductsLacking,
} from '../../src/bulk/report/shared-problems.js';

const t = useService();

const HEADER = 'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name';

/**
 * A download without image addresses, as a marketplace's: 60 orders of three products, order 45's
 * phone a digit short, order 50's product id left out.
 */
function download(): string {
  const lines = [HEADER];
  for (let n = 1; n <= 60; n++) {
    const phone = n === 45 ? '010-1234-567' : `010-1234-${String(1000 + n)}`;
    const product = n === 50 ? '' : `8100${n % 3}`;
    lines.push(`LACK-${n},김민지,${phone},LACK-${n}-1,${product},감귤 ${n % 3}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('products a file names without an image, at the terminal', () => {
  it('are said once each with how to give them, and the other problems by row are not drowned', async () => {
    const files = workspace();
    const path = files.write('orders.csv', download());
    const result = await cli(['order', 'create', path, '--dry-run', '--json'], { env: t.env });
    expect(result.code).toBe(4);
    expect(result.summary()).toMatchObject({ records: 60, invalid: 60 });
    const lines = result.stderr.split('\n');
    const first = lines.findIndex((line) => line.startsWith('orders.csv: '));
    expect(lines.slice(first + 1, first + 5)).toEqual([
      '  3 products have no image address here or in the product list: 81001 (rows 2, 5, 8, …), 81002 (rows 3, 6, 9, …), 81000 (rows 4, 7, 10, …)',
      '  Give each once, and it is remembered: intake catalog set 81001 --image-url …, or --products FILE (id, name, image_url)',
      '  row 46, recipient_cellphone ("010-1234-567"): cannot be a phone number: a number starting 010 has 11 digits, this one has 10',
      '  row 51, product_id: is empty',
    ]);
    // Every row had a problem; none is left unsaid.
    expect(result.stderr).not.toMatch(/more rows with problems/);
    // The rows to fix still say each row's own reason.
    expect(files.read('orders.rejects.csv')).toContain('no catalog has the image URL of product 81001');
  });

  it('are said in Korean at a Korean terminal, and every problem of every row with --verbose', async () => {
    const files = workspace();
    const path = files.write('orders.csv', download());
    const ko = await cli(['order', 'create', path, '--dry-run'], { env: { ...t.env, LANG: 'ko_KR.UTF-8' } });
    expect(ko.stderr).toContain(
      '  상품 3개의 이미지 주소가 없고, 상품 목록에도 없습니다: 81001 (2, 5, 8, …행), 81002 (3, 6, 9, …행), 81000 (4, 7, 10, …행)\n' +
        '  상품마다 한 번 넣으면 기억합니다: intake catalog set 81001 --image-url … 또는 --products 파일(id, name, image_url)\n' +
        '  46행, recipient_cellphone ("010-1234-567"): ',
    );
    const verbose = await cli(['order', 'create', path, '--dry-run', '--verbose'], { env: t.env });
    expect(verbose.stderr).toContain(
      'row 61, product_image_url: is empty, and no catalog has the image URL of product 81000',
    );
    expect(verbose.stderr).not.toContain('3 products have no image address');
  });
});

describe('shipments whose orders were not sent from here, at the terminal', () => {
  it('are said once for all their rows, with what to do', async () => {
    const files = workspace();
    const rows = Array.from({ length: 30 }, (_, n) =>
      n === 24 ? `GONE-${n}-1,CJ대한통운,` : `GONE-${n}-1,CJ대한통운,6401234567${String(n).padStart(2, '0')}`,
    );
    const path = files.write(
      'dispatch.csv',
      `order_item_id,company_code,tracking_number\n${rows.join('\n')}\n`,
    );
    const result = await cli(['shipment', 'create', path, '--dry-run'], { env: t.env });
    expect(result.code).toBe(4);
    const lines = result.stderr.split('\n');
    const first = lines.findIndex((line) => line.startsWith('dispatch.csv: '));
    expect(lines.slice(first + 1, first + 3)).toEqual([
      '  29 rows name no order_id, and no order sent from here has their items: GONE-0-1, GONE-1-1, GONE-2-1, … (rows 2, 3, 4, …)',
      '  Add an order_id column, or upload the orders first: the ledger knows the orders this tool sent to this service.',
    ]);
    // Row 26 has no tracking number yet: skipped, not a problem. No row is left to list.
    expect(lines[first + 3]).toMatch(/^Checked in /);
    const ko = await cli(['shipment', 'create', path, '--dry-run'], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(ko.stderr).toContain(
      '  주문번호가 없는 행 29개의 품목이 여기서 보낸 어느 주문에도 없습니다: GONE-0-1, GONE-1-1, GONE-2-1, … (2, 3, 4, …행)\n' +
        '  주문번호 열을 추가하거나 주문을 먼저 올리세요. 업로드 기록에는 이 도구가 이 서비스에 보낸 주문이 있습니다.\n',
    );
  });
});

describe('the words of products lacking an image', () => {
  it('name ten products and count the rest, and say when only the first rows with problems were kept', () => {
    const products = Array.from({ length: 12 }, (_, n) => ({ id: `P-${n + 1}`, rows: [n + 2] }));
    const listed = new Map(products.map(({ id, rows }) => [rows[0] as number, [lackingImage(id)]]));
    const { shared, rest, covered } = splitShared(listed);
    const lacking = shared.lacking;
    expect({ rest: rest.size, covered }).toEqual({ rest: 0, covered: 12 });
    expect(ENGLISH_SHARED_WORDS.lacking(lacking[0] as ProductsLacking, 'row', 1000)).toBe(
      '12 products have no image address here or in the product list (in the first 1,000 rows with problems): ' +
        'P-1 (row 2), P-2 (row 3), P-3 (row 4), P-4 (row 5), P-5 (row 6), P-6 (row 7), P-7 (row 8), P-8 (row 9), ' +
        'P-9 (row 10), P-10 (row 11), and 2 more',
    );
    expect(KOREAN_SHARED_WORDS.lacking(lacking[0] as ProductsLacking, 'line', 1000)).toMatch(
      /^상품 12개의 이미지 주소가 없고, 상품 목록에도 없습니다 \(문제가 있는 처음 1,000개 줄에서\): P-1 \(2줄\), .* 외 2개$/,
    );
  });
});

/** The check's problem of a product without an image. */
const lackingImage = (product: string) => ({
  column: 'product_image_url',
  message: `is empty, and no catalog has the image URL of product ${product}`,
  said: { code: 'missing_product_data', values: { field: 'image_url', product } },
});
