import type { z } from 'zod';
import type { ApiClient, CreateResult } from '../client/api-client.js';
import { OrderCreateBody, ProductCreateBody, ShipmentRecord } from '../contract/index.js';

export type ResourceName = 'order' | 'product' | 'shipment';

/** What the CLI needs to know to check, identify and create one kind of record. */
export interface Resource<T> {
  name: ResourceName;
  plural: string;
  schema: z.ZodType<T>;
  /** A key that names the record in the resume journal: the same record always has the same key. */
  keyOf(record: T): string;
  /** How people see the record named in tables and reports. */
  labelOf(record: T): string;
  create(client: ApiClient, record: T): Promise<CreateResult>;
}

export const orders: Resource<OrderCreateBody> = {
  name: 'order',
  plural: 'orders',
  schema: OrderCreateBody,
  keyOf: (order) => order.id,
  labelOf: (order) => order.id,
  create: (client, order) => client.createOrder(order),
};

export const products: Resource<ProductCreateBody> = {
  name: 'product',
  plural: 'products',
  schema: ProductCreateBody,
  keyOf: (product) => product.id,
  labelOf: (product) => product.id,
  create: (client, product) => client.createProduct(product),
};

/**
 * Shipments have no id of their own and the service does not refuse a repeated one, so a shipment is
 * named by its order, carrier, tracking number and items: the same shipment sent twice has the same key.
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
  create: (client, shipment) => client.createShipment(shipment.order_id, shipment),
};

export const RESOURCES = { order: orders, product: products, shipment: shipments } as const;
