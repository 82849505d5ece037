import { z } from 'zod';
import { httpUrl, id, requiredText } from './fields.js';

/** A product as an order line carries it, and the body of `POST /api/v1/products/`. */
export const ProductCreateBody = z
  .object({
    id: id(),
    name: requiredText(),
    image_url: httpUrl(),
  })
  .meta({
    id: 'ProductCreateBody',
    examples: [{ id: 'P-1001', name: '제주 감귤 5kg', image_url: 'https://shop.example.com/img/p-1001.jpg' }],
  });
export type ProductCreateBody = z.infer<typeof ProductCreateBody>;

/** Body of `PATCH /api/v1/products/{id}/`: either field may be left out; null counts as left out. */
export const ProductPatchBody = z
  .object({
    name: requiredText().nullish(),
    image_url: httpUrl().nullish(),
  })
  .meta({
    id: 'ProductPatchBody',
    examples: [{ name: '제주 감귤 10kg' }],
  });
export type ProductPatchBody = z.infer<typeof ProductPatchBody>;
