import { z } from 'zod';
import type { Answer, Endpoint } from './endpoints.js';
import { text as plainText } from './fields.js';
import { ErrorBody } from './responses.js';

/**
 * The control plane of the marketplace fakes in `intake serve` (`/local/marketplaces/…`, the service's own
 * Basic auth): seed orders, products and carriers; set credentials, the IP allowlist and the apparent caller,
 * rates and faults; change a line (a cancel, a claim); read what the fake holds. Each merchant has its own
 * fake of each marketplace.
 */
export const FAKE_MARKETPLACES = ['naver', 'coupang', 'cafe24'] as const;

/**
 * A text the fakes keep: 1 to 200 characters and no NUL (no text of the service holds one, and
 * PostgreSQL's JSON, where a fake keeps its state, cannot).
 */
const text = () => plainText().min(1).max(200);

export const FakeSeedLine = z
  .object({
    /** The line's id (Naver's productOrderId, Cafe24's order_item_code); Coupang's is `{box_id}:{product_id}`. */
    line_id: text(),
    product_id: text(),
    product_name: text(),
    /** Coupang: the seller product a vendor item belongs to (its product API's id). */
    seller_product_id: text().optional(),
    option: plainText().max(200).optional(),
    quantity: z.number().int().min(1).default(1),
    price: z.number().int().min(0).default(10_000),
    /** The marketplace's own status (`PAYED`, `ACCEPT`, `N10`); a new paid line when left out. */
    status: text().optional(),
    /** Naver's claimStatus, Coupang's cancel, Cafe24's claim status (`CANCEL_REQUEST`, `C00`). */
    claim: text().optional(),
  })
  .meta({ id: 'FakeSeedLine' });

export const FakeSeedOrder = z
  .object({
    order_id: text(),
    /** Coupang: the shipment box (digits; may pass 2^53). */
    box_id: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    /** When it was paid (ISO 8601); now when left out. */
    ordered_at: z.string().datetime({ offset: true }).optional(),
    recipient_name: text(),
    recipient_phone: text(),
    /**
     * The recipient's other number: Naver's tel2, Cafe24's receiver phone (beside its cellphone),
     * Coupang's receiverNumber (beside the safe number). Empty when left out.
     */
    recipient_other_phone: text().optional(),
    /** Cafe24: the channel it came from (`cafe24`, `shopn`, `coupang`). */
    place: text().optional(),
    lines: z.array(FakeSeedLine).min(1).max(100),
  })
  .meta({ id: 'FakeSeedOrder' });
export type FakeSeedOrder = z.infer<typeof FakeSeedOrder>;

export const FakeSeed = z
  .object({
    orders: z.array(FakeSeedOrder).max(10_000).default([]),
    products: z
      .array(z.object({ product_id: text(), name: text(), image_url: plainText().url().optional() }))
      .max(10_000)
      .default([]),
    /** Cafe24: the mall's carriers (its own 4-digit codes). */
    carriers: z
      .array(z.object({ carrier_id: z.number().int(), code: text(), name: text() }))
      .max(200)
      .optional(),
  })
  .meta({
    id: 'FakeSeed',
    examples: [
      {
        orders: [
          {
            order_id: '2026112550000001',
            recipient_name: '김민지',
            recipient_phone: '010-1234-5678',
            lines: [
              {
                line_id: '2026112560000001',
                product_id: '9001',
                product_name: '제주 감귤 5kg',
                option: '5kg',
              },
            ],
          },
        ],
        products: [
          { product_id: '9001', name: '제주 감귤 5kg', image_url: 'https://shop.example.com/img/9001.jpg' },
        ],
      },
    ],
  });
export type FakeSeed = z.infer<typeof FakeSeed>;

export const FakeFaults = z
  .object({
    /** The next N API requests answer 429 (Naver GW.RATE_LIMIT, Coupang 429, Cafe24 429). */
    storm: z.number().int().min(0).max(10_000).optional(),
    /** The next N writes are applied, then answered with a gateway time-out. */
    timeout_after_write: z.number().int().min(0).max(1000).optional(),
    /** Lines whose next dispatch fails with this code. */
    fail_lines: z.record(plainText(), plainText()).optional(),
    /** Naver: lines left out of the change feed (found only by a later pull's overlap). */
    drop_feed: z.array(plainText()).optional(),
    /** Every list page is answered twice in a row (the same items again). */
    duplicate_pages: z.boolean().optional(),
    /** Naver: the next N requests answer 503 GW.BLOCK.02 (maintenance). */
    maintenance: z.number().int().min(0).max(1000).optional(),
    /** Coupang: the next N requests answer the HTML 403 "Access Denied" page of a temporary block. */
    access_denied: z.number().int().min(0).max(1000).optional(),
    /** Coupang: block the vendor now, for this many minutes of the merchant's clock (302 on everything). */
    block_minutes: z.number().min(0).max(1440).optional(),
  })
  .meta({ id: 'FakeFaults' });
export type FakeFaults = z.infer<typeof FakeFaults>;

export const FakeSettings = z
  .object({
    /**
     * Naver `client_id`, `client_secret`; Coupang `vendor_id`, `access_key`, `secret_key`; Cafe24 `mall_id`,
     * `client_id`, `client_secret`, `redirect_uri`.
     */
    credentials: z.record(plainText(), text()).optional(),
    /** Caller IPs allowed; null for any. */
    allowlist: z.array(plainText().min(1).max(64)).nullable().optional(),
    /** The IP the fake takes every caller for (loopback callers look alike). */
    caller_ip: plainText().min(1).max(64).optional(),
    /** Requests a second (Naver's bucket, Coupang's limit), and a bucket's depth. */
    rate: z
      .object({ per_second: z.number().positive().max(1000), burst: z.number().int().min(1).max(10_000) })
      .optional(),
    faults: FakeFaults.optional(),
  })
  .meta({
    id: 'FakeSettings',
    examples: [
      {
        credentials: { client_id: 'intakeTestClient01', client_secret: '$2a$04$abcdefghijklmnopqrstuu' },
        allowlist: ['203.0.113.10'],
        caller_ip: '198.51.100.7',
        faults: { storm: 5 },
      },
    ],
  });
export type FakeSettings = z.infer<typeof FakeSettings>;

export const FakeLineChange = z
  .object({
    status: text().optional(),
    /** A claim on the line (`CANCEL_REQUEST`; Coupang: any value cancels it); null removes it. */
    claim: text().nullable().optional(),
    recipient_phone: text().optional(),
  })
  .meta({ id: 'FakeLineChange', examples: [{ claim: 'CANCEL_REQUEST' }] });
export type FakeLineChange = z.infer<typeof FakeLineChange>;

/** What a fake holds, for tests, the console and people: its lines, writes received, and settings. */
export const FakeState = z
  .looseObject({
    marketplace: z.enum(FAKE_MARKETPLACES),
    lines: z.array(
      z.looseObject({
        order_id: z.string(),
        line_id: z.string(),
        status: z.string(),
        claim: z.string().nullable(),
        tracking_number: z.string().nullable(),
        carrier_code: z.string().nullable(),
        /** How many writes gave the line a tracking number: 1 when it was pushed exactly once. */
        written: z.number().int(),
      }),
    ),
    writes: z.array(
      z.looseObject({ at: z.string(), kind: z.string(), lines: z.array(z.string()), result: z.string() }),
    ),
    requests: z.number().int(),
    refused: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'FakeState' });
export type FakeState = z.infer<typeof FakeState>;

export const FakeCode = z.object({ code: z.string(), redirect_uri: z.string() }).meta({ id: 'FakeCode' });

const fake = <E extends Omit<Endpoint, 'tag' | 'auth'>>(endpoint: E) => ({
  ...endpoint,
  tag: 'Marketplace fakes' as const,
  auth: 'required' as const,
});
const ok = (description: string, schema: z.ZodType): Answer => ({ description, schema });
const unknownMarketplace: Answer = {
  description: 'Not a marketplace (naver, coupang, cafe24).',
  schema: ErrorBody,
};

export const FAKE_ENDPOINTS = {
  seedMarketplace: fake({
    method: 'POST',
    path: '/local/marketplaces/{marketplace}/seed',
    summary: "Add orders, products (and Cafe24 carriers) to this merchant's fake of a marketplace",
    body: FakeSeed,
    answers: { 200: ok('What the fake holds now.', FakeState), 404: unknownMarketplace },
  }),
  getMarketplace: fake({
    method: 'GET',
    path: '/local/marketplaces/{marketplace}',
    summary: "What this merchant's fake of a marketplace holds: lines, writes received, refusals",
    answers: { 200: ok('The fake.', FakeState), 404: unknownMarketplace },
  }),
  setMarketplace: fake({
    method: 'PUT',
    path: '/local/marketplaces/{marketplace}/settings',
    summary: 'Set credentials, the IP allowlist and apparent caller, rates and faults of a fake',
    body: FakeSettings,
    answers: { 200: ok('The fake.', FakeState), 404: unknownMarketplace },
  }),
  changeMarketplaceLine: fake({
    method: 'POST',
    path: '/local/marketplaces/{marketplace}/lines/{line_id}',
    summary: 'Change a line of a fake: a cancel or claim between pull and push, a new phone',
    body: FakeLineChange,
    answers: {
      200: ok('The fake.', FakeState),
      404: { description: 'No such marketplace or line.', schema: ErrorBody },
    },
  }),
  resetMarketplace: fake({
    method: 'DELETE',
    path: '/local/marketplaces/{marketplace}',
    summary: "Empty this merchant's fake of a marketplace (settings included)",
    answers: { 200: ok('The fake, empty.', FakeState), 404: unknownMarketplace },
  }),
  cafe24Code: fake({
    method: 'POST',
    path: '/local/marketplaces/cafe24/code',
    summary:
      "Mint a Cafe24 consent code (valid 60 s) for this merchant's fake mall, as the consent page would",
    answers: {
      200: ok('The code.', FakeCode),
      409: { description: 'The fake mall has no app set up.', schema: ErrorBody },
    },
  }),
} as const;
