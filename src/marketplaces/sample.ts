import type { FakeSeed } from '../contract/marketplace-fakes.js';
import type { Marketplace } from './names.js';
import { shellQuote } from '../util/shell.js';

/**
 * Credentials the fakes of `intake serve` can be set up with to try the connectors offline (the demo, the
 * README's walk-through, tests). They open nothing real: each marketplace issues its own.
 */
export const SAMPLE_CREDENTIALS = {
  naver: { client_id: 'intakeTestClient01', client_secret: '$2a$04$abcdefghijklmnopqrstuu' },
  coupang: {
    vendor_id: 'A00012345',
    access_key: 'intake-test-access-key-0001',
    secret_key: 'intake-test-secret-0001',
  },
  cafe24: {
    mall_id: 'intakemall',
    client_id: 'intakeTestClientId',
    client_secret: 'intakeTestClientSecret',
    redirect_uri: 'http://127.0.0.1:1/cafe24/callback',
  },
} as const satisfies Record<Marketplace, Record<string, string>>;

/**
 * What each marketplace's sample ids start with, in the shape of its own (Naver's 16 digits, Coupang's 14,
 * Cafe24's date and number): apart, so that samples of two marketplaces tried on one service never
 * name the same order.
 */
export const SAMPLE_PREFIXES = {
  naver: '2026112500',
  coupang: '32000009',
  cafe24: '20261125-0',
} as const satisfies Record<Marketplace, string>;

const PRODUCTS = ['제주 감귤 5kg', '햇사과 3kg', '유기농 쌀 10kg', '참기름 300ml', '김 선물세트'];

/**
 * `count` paid orders of one line each and their five products with images: what a fake is seeded with
 * to try a pull. Ids start with `prefix`, so that two seeds do not collide. Phones are mobile numbers.
 */
export function sampleSeed(prefix: string, count: number): Pick<FakeSeed, 'orders' | 'products'> {
  const number = (index: number) => String(index + 1).padStart(6, '0');
  return {
    orders: Array.from({ length: count }, (_, index) => ({
      order_id: `${prefix}${number(index)}`,
      recipient_name: `구매자${index + 1}`,
      recipient_phone: `010-${String(1000 + (index % 9000)).padStart(4, '0')}-${String(index % 10_000).padStart(4, '0')}`,
      lines: [
        {
          line_id: `${prefix}9${number(index)}`,
          product_id: `${1000 + (index % PRODUCTS.length)}`,
          product_name: PRODUCTS[index % PRODUCTS.length] as string,
          quantity: 1,
          price: 10_000,
        },
      ],
    })),
    products: PRODUCTS.map((name, index) => ({
      product_id: `${1000 + index}`,
      name,
      image_url: `https://shop.example.com/img/${1000 + index}.jpg`,
    })),
  };
}

/**
 * The carriers a sample Cafe24 mall has, with codes of its own (each mall has its own 4-digit codes;
 * `0006` for CJ대한통운 is Cafe24's documented example): a push of the sample orders finds its carrier.
 */
export const SAMPLE_CAFE24_CARRIERS: NonNullable<FakeSeed['carriers']> = [
  { carrier_id: 1, code: '0006', name: 'CJ대한통운' },
  { carrier_id: 2, code: '0018', name: '한진택배' },
  { carrier_id: 3, code: '0019', name: '롯데택배' },
  { carrier_id: 4, code: '0012', name: '우체국택배' },
  { carrier_id: 5, code: '0004', name: '로젠택배' },
];

/**
 * The shell lines that point the CLI at a marketplace's fake in the service at `serviceUrl` and log in
 * to it with the sample credentials, as `intake local marketplace set --sample-credentials` says them.
 */
export function sampleLogin(marketplace: Marketplace, serviceUrl: string): string[] {
  const base = serviceUrl.replace(/\/+$/, '');
  switch (marketplace) {
    case 'naver': {
      const { client_id, client_secret } = SAMPLE_CREDENTIALS.naver;
      return [
        `export INTAKE_NAVER_BASE_URL=${shellQuote(`${base}/naver`)}`,
        `printf %s ${shellQuote(client_secret)} | intake marketplace login naver --client-id ${client_id} --secret-stdin`,
      ];
    }
    case 'coupang': {
      const { vendor_id, access_key, secret_key } = SAMPLE_CREDENTIALS.coupang;
      return [
        `export INTAKE_COUPANG_BASE_URL=${shellQuote(`${base}/coupang`)}`,
        `printf %s ${shellQuote(secret_key)} | intake marketplace login coupang --vendor-id ${vendor_id} --access-key ${access_key} --secret-stdin`,
      ];
    }
    case 'cafe24': {
      const { mall_id, client_id, client_secret, redirect_uri } = SAMPLE_CREDENTIALS.cafe24;
      return [
        `export INTAKE_CAFE24_BASE_URL=${shellQuote(`${base}/cafe24/{mall_id}`)}`,
        `printf %s ${shellQuote(client_secret)} | intake marketplace login cafe24 --mall-id ${mall_id} --client-id ${client_id} --redirect-uri ${redirect_uri} --code "$(intake local marketplace code --query code)" --secret-stdin`,
      ];
    }
  }
}
