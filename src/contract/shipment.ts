import { z } from 'zod';
import { BUILT_IN_CARRIERS, CARRIER_CODE, SELF_DELIVERY, type Carrier } from './carriers.js';
import { LIST_MAX_ITEMS, id, repeatedPositions, requiredText } from './fields.js';
import type { ValidationIssue } from './validation.js';

/** The `self` rule as JSON Schema: with company_code `self`, tracking_number must be `self` too. */
const SELF_RULE = {
  if: { properties: { company_code: { const: SELF_DELIVERY } }, required: ['company_code'] },
  then: { properties: { tracking_number: { const: SELF_DELIVERY } } },
};

/**
 * A carrier code of the right form, whichever carriers a service accepts: what a client can check. A
 * blank one is said to be empty, as any other required field is.
 */
const carrierCode = () =>
  z.string().superRefine((code, ctx) => {
    if (code.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'String should have at least 1 character',
        params: { type: 'string_too_short', ctx: { min_length: 1 } },
        input: code,
      });
    } else if (!CARRIER_CODE.test(code)) {
      ctx.addIssue({
        code: 'custom',
        message: "Input should be a carrier code such as 'kr.cjlogistics' or 'self' (see: intake carriers)",
        params: { type: 'value_error' },
        input: code,
      });
    }
  });

/**
 * Builds the shipment body schema. With a set of carriers, `company_code` must be one of their codes: the
 * service builds it from its configured carriers, so its 422s and its OpenAPI document list exactly
 * those. Without, any code of the right form passes: a client never refuses a code a service with other
 * carriers would accept.
 */
export function shipmentCreateBody(carriers?: readonly Carrier[]) {
  const codes = carriers?.map((carrier) => carrier.code) as [string, ...string[]] | undefined;
  return z
    .object({
      order_id: id().optional(),
      order_item_ids: z.array(id()).min(1).max(LIST_MAX_ITEMS).meta({ uniqueItems: true }),
      company_code: codes ? z.enum(codes) : carrierCode(),
      tracking_number: requiredText(),
    })
    .superRefine((shipment, ctx) => {
      for (const index of repeatedPositions(shipment.order_item_ids)) {
        ctx.addIssue({
          code: 'custom',
          path: ['order_item_ids', index],
          message: `Value error, item id '${shipment.order_item_ids[index]}' is listed more than once`,
          params: { type: 'value_error' },
          input: shipment.order_item_ids[index],
        });
      }
      if (shipment.company_code === SELF_DELIVERY && shipment.tracking_number !== SELF_DELIVERY) {
        ctx.addIssue({
          code: 'custom',
          path: ['tracking_number'],
          message: "Value error, tracking_number must be 'self' when company_code is 'self'",
          params: { type: 'value_error' },
          input: shipment.tracking_number,
        });
      }
    })
    .meta({
      id: 'ShipmentCreateBody',
      ...SELF_RULE,
      examples: [
        {
          order_item_ids: ['ORD-20261122-0001-1'],
          company_code: !codes || codes.includes('kr.cjlogistics') ? 'kr.cjlogistics' : codes[0],
          tracking_number: '640123456789',
        },
      ],
    });
}

/** Body of `POST /api/v1/orders/{id}/shipments/`, with the built-in carriers. */
export const ShipmentCreateBody = shipmentCreateBody(BUILT_IN_CARRIERS);
export type ShipmentCreateBody = z.infer<typeof ShipmentCreateBody>;

/** The sample bodies carry `order_id`; when present it must name the order of the path. */
export function orderIdMismatch(body: ShipmentCreateBody, pathOrderId: string): ValidationIssue | undefined {
  if (body.order_id === undefined || body.order_id === pathOrderId) return undefined;
  return {
    type: 'value_error',
    loc: ['body', 'order_id'],
    msg: `Value error, order_id '${body.order_id}' differs from the order id '${pathOrderId}' of the path`,
    input: body.order_id,
  };
}

/**
 * A shipment as a file or the command line gives it: the body plus the order it belongs to, which the
 * request carries in its path. Any carrier code of the right form passes; see `intake carriers`.
 */
export const ShipmentRecord = shipmentCreateBody().safeExtend({ order_id: id() });
export type ShipmentRecord = z.infer<typeof ShipmentRecord>;
