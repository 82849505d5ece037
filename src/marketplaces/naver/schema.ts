import { z } from 'zod';

/**
 * The parts of Naver Commerce API answers Intake reads (the reference's §2), checked as they come; other
 * fields are let through. Shared by the connector and the local fake.
 */
export const NaverToken = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  token_type: z.string(),
});
export type NaverToken = z.infer<typeof NaverToken>;

/** An error body: the gateway's (`GW.…`) or a business API's (`104139`). */
export const NaverError = z.looseObject({
  code: z.string(),
  message: z.string().optional(),
  traceId: z.string().optional(),
  invalidInputs: z
    .array(z.looseObject({ name: z.string(), type: z.string().optional(), message: z.string().optional() }))
    .optional(),
});

export const NaverChange = z.looseObject({
  orderId: z.string(),
  productOrderId: z.string(),
  lastChangedType: z.string(),
  lastChangedDate: z.string(),
  productOrderStatus: z.string().optional(),
  claimType: z.string().optional(),
  claimStatus: z.string().optional(),
});
export type NaverChange = z.infer<typeof NaverChange>;

export const NaverChanges = z.looseObject({
  data: z
    .looseObject({
      lastChangeStatuses: z.array(NaverChange),
      more: z.looseObject({ moreFrom: z.string(), moreSequence: z.string() }).optional(),
      count: z.number().optional(),
    })
    .optional(),
});

export const NaverShippingAddress = z.looseObject({
  name: z.string().optional(),
  tel1: z.string().optional(),
  tel2: z.string().optional(),
});

export const NaverProductOrderInfo = z.looseObject({
  order: z.looseObject({
    orderId: z.string(),
    orderDate: z.string().optional(),
    ordererName: z.string().optional(),
    ordererTel: z.string().optional(),
  }),
  productOrder: z.looseObject({
    productOrderId: z.string(),
    productOrderStatus: z.string(),
    claimType: z.string().nullish(),
    claimStatus: z.string().nullish(),
    productId: z.string(),
    productName: z.string(),
    productOption: z.string().nullish(),
    quantity: z.number().int(),
    unitPrice: z.number().optional(),
    shippingAddress: NaverShippingAddress.optional(),
  }),
  delivery: z
    .looseObject({
      deliveryCompany: z.string().nullish(),
      trackingNumber: z.string().nullish(),
      deliveryMethod: z.string().nullish(),
    })
    .nullish(),
});
export type NaverProductOrderInfo = z.infer<typeof NaverProductOrderInfo>;

export const NaverProductOrders = z.looseObject({ data: z.array(NaverProductOrderInfo) });

export const NaverDispatchAnswer = z.looseObject({
  data: z.looseObject({
    successProductOrderIds: z.array(z.string()),
    failProductOrderInfos: z.array(
      z.looseObject({ productOrderId: z.string(), code: z.string(), message: z.string().optional() }),
    ),
  }),
});

export const NaverChannelProduct = z.looseObject({
  originProduct: z.looseObject({
    name: z.string(),
    images: z.looseObject({
      representativeImage: z.looseObject({ url: z.string() }),
    }),
  }),
});

/** Product order states a line is sent to the service in (paid, not yet sent), and those past it. */
export const NAVER_OPEN = new Set(['PAYED']);
export const NAVER_SHIPPED = new Set(['DELIVERING', 'DELIVERED', 'PURCHASE_DECIDED']);
/** Claims that stop a line: a cancel asked for or done (a rejected claim does not). */
export const NAVER_BLOCKING_CLAIMS = new Set([
  'CANCEL_REQUEST',
  'CANCELING',
  'CANCEL_DONE',
  'ADMIN_CANCELING',
  'ADMIN_CANCEL_DONE',
]);
