// Orders as the benchmarks send them: unique ids, two items each, products from a pool of 500.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const NAMES = ['김민지', '이서준', '박지훈', '최유나', '정하늘'];
const product = (n) => {
  const id = `P-${1000 + (n % 500)}`;
  return { id, name: `상품 ${id}`, image_url: `https://shop.example.com/img/${id}.jpg` };
};
const phone = (n) =>
  `010-${String(1000 + (n % 9000)).padStart(4, '0')}-${String(n % 10000).padStart(4, '0')}`;

/** The n-th order of a run: two items, a member unless n is a multiple of 4. */
export function order(prefix, n) {
  const id = `${prefix}-${n}`;
  return {
    id,
    ...(n % 4 === 0 ? {} : { member_id: `M-${n % 9000}` }),
    recipient_name: NAMES[n % 5],
    recipient_cellphone: phone(n),
    items: [
      { id: `${id}-1`, product: product(n * 7), product_option: ['옵션A', '옵션B'] },
      { id: `${id}-2`, product: product(n * 7 + 1) },
    ],
  };
}

export const CSV_HEADER =
  'order_id,member_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url,product_option';

/** The rows of an order in the CSV layout. */
export function orderRows(o) {
  return o.items.map((item) =>
    [
      o.id,
      o.member_id ?? '',
      o.recipient_name,
      o.recipient_cellphone,
      item.id,
      item.product.id,
      item.product.name,
      item.product.image_url,
      (item.product_option ?? []).join('|'),
    ].join(','),
  );
}

/** Writes `orders` orders (two rows each) as CSV. */
export async function writeOrdersCsv(path, prefix, orders) {
  const out = createWriteStream(path);
  out.write(`${CSV_HEADER}\n`);
  let batch = [];
  for (let n = 1; n <= orders; n++) {
    batch.push(...orderRows(order(prefix, n)));
    if (batch.length >= 2000) {
      if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
      batch = [];
    }
  }
  out.end(batch.length > 0 ? `${batch.join('\n')}\n` : '');
  await once(out, 'finish');
}
