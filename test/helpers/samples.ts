/** The header of an orders sheet in Intake's own columns (no buyer id). */
export const ORDERS_HEADER =
  'order_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url';
/** The same with the buyer's member id. */
export const ORDERS_HEADER_WITH_MEMBER =
  'order_id,member_id,recipient_name,recipient_cellphone,item_id,product_id,product_name,product_image_url';
/** The header of a shipments sheet, one item a row. */
export const SHIPMENTS_HEADER = 'order_id,order_item_id,company_code,tracking_number';

/** Sample records for tests: realistic, Korean where the shops' data is. */
export function sampleOrder(id = 'ORD-1', overrides: Record<string, unknown> = {}) {
  return {
    id,
    member_id: 'M-1001',
    recipient_name: '김민지',
    recipient_cellphone: '010-1234-5678',
    items: [
      {
        id: `${id}-1`,
        product: { id: 'P-100', name: '제주 감귤 5kg', image_url: 'https://shop.example.com/img/p-100.jpg' },
        product_option: ['5kg'],
      },
      {
        id: `${id}-2`,
        product: { id: 'P-200', name: '한라봉 3kg', image_url: 'https://shop.example.com/img/p-200.jpg' },
      },
    ],
    ...overrides,
  };
}

export function sampleProduct(id = 'P-900', overrides: Record<string, unknown> = {}) {
  return { id, name: '유기농 현미 10kg', image_url: `https://shop.example.com/img/${id}.jpg`, ...overrides };
}

/** An orders CSV of `count` orders of two items each, ids `PREFIX-n` and `PREFIX-n-1`, `PREFIX-n-2`. */
export function ordersCsv(prefix: string, count: number): string {
  const lines = [ORDERS_HEADER];
  for (let i = 1; i <= count; i++) {
    for (const n of [1, 2]) {
      lines.push(
        `${prefix}-${i},홍길동,010-1234-${String(i).padStart(4, '0')},${prefix}-${i}-${n},P-${n},상품 ${n},https://x.example.com/${n}.png`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A shipments CSV for the first item of each order of `ordersCsv`. */
export function shipmentsCsv(prefix: string, count: number, tracking = 900000): string {
  const lines = [SHIPMENTS_HEADER];
  for (let i = 1; i <= count; i++)
    lines.push(`${prefix}-${i},${prefix}-${i}-1,kr.cjlogistics,${tracking + i}`);
  return `${lines.join('\n')}\n`;
}
