import { z } from 'zod';

/** The parts of Cafe24 Admin API answers Intake reads (the reference's §4); shared with the local fake. */
export const Cafe24TokenAnswer = z.looseObject({
  access_token: z.string().min(1),
  expires_at: z.string(),
  refresh_token: z.string().min(1),
  refresh_token_expires_at: z.string(),
  mall_id: z.string().optional(),
  scopes: z.array(z.string()).optional(),
});
export type Cafe24TokenAnswer = z.infer<typeof Cafe24TokenAnswer>;

export const Cafe24OAuthError = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});
export const Cafe24Error = z.looseObject({
  error: z.looseObject({ code: z.union([z.number(), z.string()]), message: z.string().optional() }),
});

const amount = z.union([z.string(), z.number()]).optional();

export const Cafe24Item = z.looseObject({
  order_item_code: z.string(),
  product_no: z.union([z.number(), z.string()]).transform(String),
  product_name: z.string(),
  option_value: z.string().nullish(),
  quantity: z.number().int(),
  product_price: amount,
  order_status: z.string(),
  tracking_no: z.string().nullish(),
  shipping_company_code: z.string().nullish(),
  market_cancel_request: z.string().nullish(),
});
export type Cafe24Item = z.infer<typeof Cafe24Item>;

export const Cafe24Order = z.looseObject({
  order_id: z.string(),
  order_date: z.string().nullish(),
  payment_date: z.string().nullish(),
  order_place_id: z.string().nullish(),
  items: z.array(Cafe24Item).optional(),
  receivers: z
    .array(
      z.looseObject({
        name: z.string(),
        cellphone: z.string().nullish(),
        phone: z.string().nullish(),
        virtual_phone_no: z.string().nullish(),
      }),
    )
    .optional(),
});
export type Cafe24Order = z.infer<typeof Cafe24Order>;

export const Cafe24Orders = z.looseObject({ orders: z.array(Cafe24Order) });
export const Cafe24OneOrder = z.looseObject({ order: Cafe24Order });
export const Cafe24Product = z.looseObject({
  product: z.looseObject({ product_name: z.string(), detail_image: z.string().nullish() }),
});
export const Cafe24Carriers = z.looseObject({
  carriers: z.array(
    z.looseObject({
      carrier_id: z.union([z.number(), z.string()]),
      shipping_carrier_code: z.string(),
      shipping_carrier: z.string(),
    }),
  ),
});
export const Cafe24ShipmentAnswer = z.looseObject({
  shipments: z.array(
    z.looseObject({
      order_id: z.string(),
      tracking_no: z.string(),
      order_item_code: z.array(z.string()).optional(),
    }),
  ),
});

/** Item states a shipment may be given in, and those past it. */
export const CAFE24_OPEN = new Set(['N10', 'N20', 'N21', 'N22']);
export const CAFE24_SHIPPED = new Set(['N30', 'N40', 'N50']);
