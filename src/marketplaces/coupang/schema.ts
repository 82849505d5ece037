import { z } from 'zod';

/**
 * The parts of Coupang Wing Open API answers Intake reads (the reference's §3); ids are kept as text
 * (a shipment box id passed 2^53 in 2024). Shared by the connector and the local fake.
 */
const bigId = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(String);
/** `code` is a number in lists and the string "200" in some write answers. */
const okCode = z.union([z.number(), z.string()]);

export const CoupangError = z.looseObject({
  code: z.union([z.string(), z.number()]).optional(),
  message: z.string().optional(),
  transactionId: z.string().optional(),
});

export const CoupangOrderItem = z.looseObject({
  vendorItemId: bigId,
  vendorItemName: z.string(),
  sellerProductId: bigId.optional(),
  sellerProductName: z.string().optional(),
  sellerProductItemName: z.string().nullish(),
  shippingCount: z.number().int(),
  cancelCount: z.number().int().optional(),
  holdCountForCancel: z.number().int().optional(),
  canceled: z.boolean().optional(),
  salesPrice: z.number().optional(),
});
export type CoupangOrderItem = z.infer<typeof CoupangOrderItem>;

export const CoupangOrderSheet = z.looseObject({
  shipmentBoxId: bigId,
  orderId: bigId,
  orderedAt: z.string().nullish(),
  paidAt: z.string().nullish(),
  status: z.string(),
  receiver: z.looseObject({
    name: z.string(),
    safeNumber: z.string().nullish(),
    receiverNumber: z.string().nullish(),
  }),
  orderItems: z.array(CoupangOrderItem).min(1),
  deliveryCompanyName: z.string().nullish(),
  invoiceNumber: z.string().nullish(),
});
export type CoupangOrderSheet = z.infer<typeof CoupangOrderSheet>;

export const CoupangOrderSheets = z.looseObject({
  code: okCode,
  data: z.array(CoupangOrderSheet),
  nextToken: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((token) => (token == null ? '' : String(token))),
});

export const CoupangOneSheet = z.looseObject({ code: okCode, data: CoupangOrderSheet });

export const CoupangResultList = z.looseObject({
  code: okCode,
  data: z.looseObject({
    responseCode: z.number(),
    responseMessage: z.string().optional(),
    responseList: z.array(
      z.looseObject({
        shipmentBoxId: bigId,
        succeed: z.boolean(),
        resultCode: z.string(),
        resultMessage: z.string().optional(),
        retryRequired: z.boolean().optional(),
      }),
    ),
  }),
});

export const CoupangSellerProduct = z.looseObject({
  code: okCode,
  data: z.looseObject({
    sellerProductName: z.string().optional(),
    items: z.array(
      z.looseObject({
        vendorItemId: bigId.optional(),
        itemName: z.string().optional(),
        images: z
          .array(
            z.looseObject({
              imageType: z.string().optional(),
              cdnPath: z.string().nullish(),
              vendorPath: z.string().nullish(),
            }),
          )
          .optional(),
      }),
    ),
  }),
});

/** Box states from which an invoice may be uploaded (after acknowledging an `ACCEPT`), and those past it. */
export const COUPANG_OPEN = new Set(['ACCEPT', 'INSTRUCT']);
export const COUPANG_SHIPPED = new Set(['DEPARTURE', 'DELIVERING', 'FINAL_DELIVERY', 'NONE_TRACKING']);
