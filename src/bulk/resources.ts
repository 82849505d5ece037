import type { RecordKind } from '../contract/kinds.js';
import type { z } from 'zod';
import type { ApiClient, CreateResult } from '../client/api-client.js';
import {
  OrderCreateBody,
  ProductCreateBody,
  ShipmentRecord,
  type OrderPatchBody,
  type ProductPatchBody,
} from '../contract/index.js';

export type ResourceName = RecordKind;

/** What the CLI needs to know to check, identify, create and correct one kind of record. */
export interface Resource<T> {
  name: ResourceName;
  plural: string;
  schema: z.ZodType<T>;
  /** A key that names the record in the ledger: the same record always has the same key. */
  keyOf(record: T): string;
  /** How people see the record named in tables and reports. */
  labelOf(record: T): string;
  /** The record's own id, which a 409 about this very record names. */
  ownIdOf(record: T): string;
  /** Other ids the record carries (its item ids), which a 409 about another record names instead. */
  otherIdsOf(record: T): string[];
  /** The parts whose changes are reported one by one when a record comes back with other content. */
  fieldsOf(record: T): Record<string, unknown>;
  /** The fields the service lets change after a create, in one PATCH. */
  updatable: readonly string[];
  /** Sends the create; `json`, the record as JSON when already made, is sent as it is. */
  create(client: ApiClient, record: T, json?: string): Promise<CreateResult>;
  /** Sends the PATCH for the updatable fields. */
  update?(client: ApiClient, record: T): Promise<void>;
}

export const orders: Resource<OrderCreateBody> = {
  name: 'order',
  plural: 'orders',
  schema: OrderCreateBody,
  keyOf: (order) => order.id,
  labelOf: (order) => order.id,
  ownIdOf: (order) => order.id,
  otherIdsOf: (order) => order.items.map((item) => item.id),
  fieldsOf: (order) => ({
    member_id: order.member_id ?? null,
    recipient_name: order.recipient_name,
    recipient_cellphone: order.recipient_cellphone,
    items: order.items,
  }),
  updatable: ['recipient_name', 'recipient_cellphone'],
  create: (client, order, json) => client.createOrder(order, json),
  update: (client, order) => {
    const patch: OrderPatchBody = {
      recipient_name: order.recipient_name,
      recipient_cellphone: order.recipient_cellphone,
    };
    return client.patchOrder(order.id, patch);
  },
};

export const products: Resource<ProductCreateBody> = {
  name: 'product',
  plural: 'products',
  schema: ProductCreateBody,
  keyOf: (product) => product.id,
  labelOf: (product) => product.id,
  ownIdOf: (product) => product.id,
  otherIdsOf: () => [],
  fieldsOf: (product) => ({ name: product.name, image_url: product.image_url }),
  updatable: ['name', 'image_url'],
  create: (client, product, json) => client.createProduct(product, json),
  update: (client, product) => {
    const patch: ProductPatchBody = { name: product.name, image_url: product.image_url };
    return client.patchProduct(product.id, patch);
  },
};

/**
 * A shipment has no id of its own; it is named by its order, carrier, tracking number and items, so a
 * shipment with another tracking number is another shipment (which replaces the items' tracking data),
 * and the same one sent again is a no-op for the service.
 */
export const shipments: Resource<ShipmentRecord> = {
  name: 'shipment',
  plural: 'shipments',
  schema: ShipmentRecord,
  keyOf: (shipment) =>
    [
      shipment.order_id,
      shipment.company_code,
      shipment.tracking_number,
      [...shipment.order_item_ids].sort().join('|'),
    ].join(' '),
  labelOf: (shipment) => `${shipment.order_id} ${shipment.company_code} ${shipment.tracking_number}`,
  ownIdOf: (shipment) => shipment.order_id,
  otherIdsOf: (shipment) => shipment.order_item_ids,
  fieldsOf: () => ({}),
  updatable: [],
  create: (client, shipment) => client.createShipment(shipment.order_id, shipment),
};

export const RESOURCES = { order: orders, product: products, shipment: shipments } as const;
