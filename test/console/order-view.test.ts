import { describe, expect, it } from 'vitest';
import type { BotMessage, LocalOrder } from '../../src/contract/local/index.js';
import { consoleTexts } from '../../src/console/texts.js';
import { orderBody } from '../../src/console/views/orders.js';

const ORDER: LocalOrder = {
  id: 'ORD-V-1',
  state: 'applied',
  member_id: null,
  recipient_name: '김민지',
  recipient_cellphone: '010-1234-5678',
  requested_at: '2026-11-30T00:00:00.000Z',
  applied_at: '2026-11-30T00:00:02.000Z',
  items: [
    {
      id: 'ORD-V-1-1',
      product_id: 'P-1',
      product_name: '제주 감귤 5kg',
      product_image_url: 'https://shop.example.com/p-1.jpg',
      product_option: [],
      shipment_id: 1,
    },
  ],
  shipments: [],
};

const MESSAGE: BotMessage = {
  id: 1,
  order_id: 'ORD-V-1',
  kind: 'shipment',
  status: 'sent',
  due_at: '2026-11-30T00:00:02.000Z',
  sent_at: '2026-11-30T00:00:02.000Z',
  to: { name: '김민지', cellphone: '010-1234-5678' },
  text: '김민지님, 주문하신 상품을 보내 드렸어요.',
  items: [],
  carrier: { code: 'kr.cjlogistics', name: 'CJ대한통운' },
  tracking_number: '640123456789',
};

/** The order's page in `lang`, its one message shown, with more or not. */
const page = (lang: 'ko' | 'en', hasMore: boolean) =>
  orderBody(consoleTexts(lang), ORDER, { results: [MESSAGE], has_more: hasMore }, new Map(), undefined);

describe("an order's page in the console", () => {
  it('says when it shows only the first of its messages, and how to see them all', () => {
    const cut = page('ko', true);
    expect(cut).toContain('발송 예정 시각 순으로 처음 1개만 보입니다');
    const english = page('en', true);
    expect(english).toContain('intake local messages --order ORD-V-1 --limit 10000');
    const whole = page('ko', false);
    expect(whole).not.toContain('처음');
    expect(whole).toContain('김민지님, 주문하신 상품을 보내 드렸어요.');
  });

  it("says how each item was reviewed and what it earned; a guest's review earns nothing", () => {
    const reviewed = (lang: 'ko' | 'en', points: number | null) =>
      orderBody(
        consoleTexts(lang),
        ORDER,
        { results: [], has_more: false },
        new Map([['ORD-V-1-1', { item_id: 'ORD-V-1-1', kind: 'video' as const, points }]]),
        undefined,
      );
    expect(reviewed('ko', 1000)).toContain('✓ 동영상 리뷰, 적립금 1,000점');
    expect(reviewed('en', 1000)).toContain('✓ video, 1,000 points');
    expect(reviewed('ko', null)).toContain('✓ 동영상 리뷰, 적립금 없음 (비회원)');
    expect(reviewed('ko', null)).not.toContain('리뷰 종류');
  });
});
