import type { RecordKind } from '../../contract/kinds.js';
// The columns of each sheet layout as plain data, so that `--help` can list them without loading the
// layouts and the contract behind them.

/** What a layout column is, for `--help` and `intake columns show`. */
export interface ColumnHelp {
  name: string;
  required: boolean;
  description: string;
}

/** The columns of each layout, as people read them in `--help` and `intake columns show`. */
export const LAYOUT_COLUMNS: Record<RecordKind, readonly ColumnHelp[]> = {
  order: [
    { name: 'order_id', required: true, description: 'the order id; rows with the same one are one order' },
    { name: 'member_id', required: false, description: 'the buyer’s member id' },
    { name: 'recipient_name', required: true, description: 'who receives the order' },
    {
      name: 'recipient_cellphone',
      required: true,
      description: 'the recipient’s phone: the bot writes to it',
    },
    { name: 'item_id', required: true, description: 'the order line’s id, unique across orders' },
    { name: 'product_id', required: true, description: 'the product’s id' },
    {
      name: 'product_name',
      required: false,
      description: 'the product’s name (else from --products or products registered before)',
    },
    {
      name: 'product_image_url',
      required: false,
      description: 'an http(s) image URL (else from --products or products registered before)',
    },
    { name: 'product_option', required: false, description: 'options, separated by |' },
  ],
  product: [
    { name: 'id', required: true, description: 'the product’s id' },
    { name: 'name', required: true, description: 'the name the bot writes to buyers' },
    { name: 'image_url', required: true, description: 'an http(s) image URL the bot shows' },
  ],
  shipment: [
    {
      name: 'order_id',
      required: false,
      description: 'the order (else found from the items, for orders sent from here)',
    },
    {
      name: 'order_item_id',
      required: true,
      description: 'an item id (or order_item_ids: ids separated by |)',
    },
    {
      name: 'company_code',
      required: true,
      description: 'the carrier: a code, its name or a short name (CJ대한통운, 우체국택배, 한진)',
    },
    { name: 'tracking_number', required: true, description: 'the tracking number (self for self delivery)' },
    {
      name: 'delivery_method',
      required: false,
      description: 'direct handover (직접전달, 방문수령, 퀵서비스) with no carrier is self delivery',
    },
  ],
};
