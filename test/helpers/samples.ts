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
