import type { NewJob } from './jobs.js';
import type { OrderItemRow, OrderRow } from './orders.js';
import type { ProductRow } from './products.js';

/**
 * What `stageOrders` stores of one order: the create, the order (its create's number is filled in), items,
 * products.
 */
export interface StagedOrder {
  job: NewJob;
  order: Omit<OrderRow, 'job_seq'>;
  items: readonly OrderItemRow[];
  products: readonly Pick<ProductRow, 'merchant_id' | 'id' | 'name' | 'image_url'>[];
}
