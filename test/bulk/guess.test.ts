import { describe, expect, it } from 'vitest';
import { likelyHeader } from '../../src/bulk/index.js';

/** Intake's guess of a header row, as each column's header. */
function guessed(header: string[], kind: 'order' | 'product' | 'shipment') {
  const found = likelyHeader([{ row: 1, cells: header }], kind);
  return Object.fromEntries([...(found?.guesses ?? [])].map(([column, at]) => [column, header[at]]));
}

describe("Intake's guess of a shop's own headers", () => {
  it('reads the words English exports use, each header for the column it names best', () => {
    expect(
      guessed(
        ['Order No', 'Customer ID', 'Customer', 'Customer phone', 'Line', 'SKU', 'Item name', 'Picture'],
        'order',
      ),
    ).toEqual({
      order_id: 'Order No',
      member_id: 'Customer ID',
      recipient_name: 'Customer',
      recipient_cellphone: 'Customer phone',
      item_id: 'Line',
      product_id: 'SKU',
      product_name: 'Item name',
      product_image_url: 'Picture',
    });
    expect(guessed(['SKU', 'Title', 'Thumbnail'], 'product')).toEqual({
      id: 'SKU',
      name: 'Title',
      image_url: 'Thumbnail',
    });
    expect(guessed(['Order number', 'Item no', 'Delivery company', 'Waybill'], 'shipment')).toEqual({
      order_id: 'Order number',
      order_item_id: 'Item no',
      company_code: 'Delivery company',
      tracking_number: 'Waybill',
    });
  });

  it('still reads Korean headers as before, and guesses nothing of headers that name nothing', () => {
    expect(guessed(['주문번호', '수령인', '수령인 연락처', '주문상품번호', '상품번호'], 'order')).toEqual({
      order_id: '주문번호',
      recipient_name: '수령인',
      recipient_cellphone: '수령인 연락처',
      item_id: '주문상품번호',
      product_id: '상품번호',
    });
    expect(guessed(['날짜', '메모'], 'order')).toEqual({});
    // A shop's own system: 주문ID and 상품이름 name the order and the product's name.
    expect(guessed(['주문ID', '받는분', '휴대폰', '상품코드', '상품이름', '수량'], 'order')).toEqual({
      order_id: '주문ID',
      recipient_name: '받는분',
      recipient_cellphone: '휴대폰',
      product_id: '상품코드',
      product_name: '상품이름',
    });
    expect(guessed(['주문 아이디', '송장'], 'shipment')).toMatchObject({ order_id: '주문 아이디' });
    expect(guessed(['상품코드', '제품 이름'], 'product')).toEqual({ id: '상품코드', name: '제품 이름' });
  });

  it("reads a recipient's two numbers as the mobile and the other, whichever comes first", () => {
    // The mobile's own word wins over a plain phone's, though both hold one of the column's words.
    expect(
      guessed(['주문번호', '받는분', '받는분 전화번호', '받는분 휴대전화', '품목번호', '상품코드'], 'order'),
    ).toMatchObject({ recipient_cellphone: '받는분 휴대전화' });
    expect(guessed(['주문번호', '수취인', '연락처1', '연락처2', '품목번호'], 'order')).toMatchObject({
      recipient_cellphone: '연락처1',
      recipient_other_phone: '연락처2',
    });
    expect(guessed(['Order No', 'Customer', 'Phone 2', 'Phone', 'Line'], 'order')).toMatchObject({
      recipient_cellphone: 'Phone',
      recipient_other_phone: 'Phone 2',
    });
  });
});
