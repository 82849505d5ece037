import { describe, expect, it } from 'vitest';
import type { BotMessage } from '../../src/contract/local/index.js';
import { conversationsOf, matches } from '../../src/console/views/conversations.js';

const message = (cellphone: string): BotMessage => ({
  id: 1,
  order_id: 'ORD-1',
  kind: 'shipment',
  status: 'sent',
  due_at: '2026-11-25T00:00:00.000Z',
  sent_at: '2026-11-25T00:00:00.000Z',
  to: { name: '김민지', cellphone },
  text: '',
  items: [{ item_id: 'I-1', product_id: 'P-1', product_name: '제주 감귤 5kg', image_url: '', options: [] }],
  carrier: null,
  tracking_number: null,
});

describe('the console finds a buyer by phone however it is written', () => {
  const [conversation] = conversationsOf([message('010-1234-5678')]);
  it.each(['010-1234-5678', '01012345678', '+82 10-1234-5678', '+821012345678', '82-10-1234-5678', '5678'])(
    '%s',
    (query) => expect(conversation && matches(conversation, query)).toBe(true),
  );
  it('and not by another number', () => {
    expect(conversation && matches(conversation, '+82 10-9999-5678')).toBe(false);
    expect(conversation && matches(conversation, '010-1234-5679')).toBe(false);
  });
  it('a number stored with the country code is found by its home form', () => {
    const [abroad] = conversationsOf([message('+82 10-1234-5678')]);
    expect(abroad && matches(abroad, '010-1234-5678')).toBe(true);
  });
});
