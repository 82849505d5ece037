import { z } from 'zod';
import {
  LocalMerchantBody,
  OrderCreateBody,
  ProductCreateBody,
  shipmentCreateBody,
  type Carrier,
} from '../contract/index.js';

/**
 * A seed file (`intake serve --seed FILE`): merchants (created if new, as `--merchants` does) and the
 * records each starts with, in the API's own shapes. They are loaded, and applied at once, for a merchant
 * with no data yet, and again on `POST /local/reset`.
 */
export function seedFileSchema(carriers: readonly Carrier[]) {
  // A key the seed does not know is refused: a misspelt one would be quietly left out.
  return z.strictObject({
    merchants: z
      .array(
        LocalMerchantBody.extend({
          products: z.array(ProductCreateBody).default([]),
          orders: z.array(OrderCreateBody).default([]),
          // A shipment here names its order in the body (in the API it is in the path).
          shipments: z
            .array(z.intersection(shipmentCreateBody(carriers), z.object({ order_id: z.string().min(1) })))
            .default([]),
        }).strict(),
      )
      .min(1),
  });
}
export type SeedFile = z.infer<ReturnType<typeof seedFileSchema>>;

/** What each merchant starts with. */
export interface Seed {
  merchants: readonly {
    merchant_id: string;
    products: SeedFile['merchants'][number]['products'];
    orders: SeedFile['merchants'][number]['orders'];
    shipments: SeedFile['merchants'][number]['shipments'];
  }[];
}
