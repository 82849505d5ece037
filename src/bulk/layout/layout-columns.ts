import type { RecordKind } from '../../contract/kinds.js';
// The columns of each sheet layout as plain data, so that `--help` can list them without loading the
// layouts and the contract behind them.

/** What a layout column is, for `--help` and `intake columns show` (in Korean at a Korean terminal). */
export interface ColumnHelp {
  name: string;
  required: boolean;
  description: string;
  descriptionKo: string;
}

/** The columns of each layout, as people read them in `--help` and `intake columns show`. */
export const LAYOUT_COLUMNS: Record<RecordKind, readonly ColumnHelp[]> = {
  order: [
    {
      name: 'order_id',
      required: true,
      description: 'the order id; rows with the same one are one order',
      descriptionKo: '주문번호. 같은 번호의 행들이 한 주문입니다',
    },
    {
      name: 'member_id',
      required: false,
      description: 'the buyer’s member id',
      descriptionKo: '구매자의 회원 ID',
    },
    {
      name: 'recipient_name',
      required: true,
      description: 'who receives the order',
      descriptionKo: '주문을 받는 사람',
    },
    {
      name: 'recipient_cellphone',
      required: true,
      description: 'the recipient’s phone: the bot writes to it',
      descriptionKo: '받는 사람의 휴대폰 번호. 봇이 이 번호로 메시지를 보냅니다',
    },
    {
      name: 'recipient_other_phone',
      required: false,
      description: 'another phone (수취인연락처2), sent when only it is a mobile',
      descriptionKo: '다른 연락처 (수취인연락처2). 이 번호만 휴대폰이면 이 번호로 보냅니다',
    },
    {
      name: 'item_id',
      required: true,
      description: 'the order line’s id, unique across orders',
      descriptionKo: '주문 품목 번호. 모든 주문에서 하나뿐이어야 합니다',
    },
    { name: 'product_id', required: true, description: 'the product’s id', descriptionKo: '상품 번호' },
    {
      name: 'product_name',
      required: false,
      description: 'the product’s name (else from --products or products registered before)',
      descriptionKo: '상품명 (없으면 --products나 먼저 등록한 상품에서)',
    },
    {
      name: 'product_image_url',
      required: false,
      description: 'an http(s) image URL (else from --products or products registered before)',
      descriptionKo: 'http(s) 이미지 주소 (없으면 --products나 먼저 등록한 상품에서)',
    },
    {
      name: 'product_option',
      required: false,
      description: 'options, separated by |',
      descriptionKo: '옵션, |로 구분',
    },
  ],
  product: [
    { name: 'id', required: true, description: 'the product’s id', descriptionKo: '상품 번호' },
    {
      name: 'name',
      required: true,
      description: 'the name the bot writes to buyers',
      descriptionKo: '봇이 구매자에게 쓰는 상품명',
    },
    {
      name: 'image_url',
      required: true,
      description: 'an http(s) image URL the bot shows',
      descriptionKo: '봇이 보여 주는 http(s) 이미지 주소',
    },
  ],
  shipment: [
    {
      name: 'order_id',
      required: false,
      description: 'the order (else found from the items, for orders sent from here)',
      descriptionKo: '주문 (없으면 여기서 보낸 주문의 품목으로 찾습니다)',
    },
    {
      name: 'order_item_id',
      required: true,
      description: 'an item id (or order_item_ids: ids separated by |)',
      descriptionKo: '품목 번호 (또는 order_item_ids: |로 구분한 번호들)',
    },
    {
      name: 'company_code',
      required: true,
      description: 'the carrier: a code, its name or a short name (CJ대한통운, 우체국택배, 한진)',
      descriptionKo: '택배사: 코드, 이름 또는 줄인 이름 (CJ대한통운, 우체국택배, 한진)',
    },
    {
      name: 'tracking_number',
      required: true,
      description: 'the tracking number (self for self delivery)',
      descriptionKo: '송장번호 (직접 배송은 self)',
    },
    {
      name: 'delivery_method',
      required: false,
      description: 'direct handover (직접전달, 방문수령, 퀵서비스) with no carrier is self delivery',
      descriptionKo: '택배사 없이 직접 건네면 (직접전달, 방문수령, 퀵서비스) 직접 배송입니다',
    },
  ],
};
