import { z } from 'zod';

/** A carrier the service knows: its code (`company_code`) and the name people read. */
export const Carrier = z.object({
  code: z.string().min(1).max(64),
  name: z.string().min(1).max(128),
});
export type Carrier = z.infer<typeof Carrier>;

/** A carriers file for `intake serve --carriers`: a JSON array of carriers with distinct codes. */
export const CarrierList = z
  .array(Carrier)
  .min(1)
  .superRefine((carriers, ctx) => {
    const seen = new Set<string>();
    carriers.forEach((carrier, index) => {
      if (seen.has(carrier.code)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'code'],
          message: `carrier code '${carrier.code}' is listed twice`,
        });
      }
      seen.add(carrier.code);
    });
  });

export { BUILT_IN_CARRIERS, CARRIER_CODE, SELF_DELIVERY } from './carrier-list.js';
