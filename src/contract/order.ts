import { z } from 'zod';
import { LIST_MAX_ITEMS, id, repeatedPositions, requiredText, text } from './fields.js';
import { ProductCreateBody } from './product.js';

/** One line of an order. */
export const OrderItem = z
  .object({
    id: id(),
    product: ProductCreateBody,
    product_option: z.array(text()).max(LIST_MAX_ITEMS).optional(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof OrderItem>;

/** Body of `POST /api/v1/orders/`. Without `member_id` the order is a guest order and earns no rewards. */
export const OrderCreateBody = z
  .object({
    id: id(),
    member_id: id().optional(),
    recipient_name: requiredText(),
    recipient_cellphone: requiredText(),
    items: z.array(OrderItem).min(1).max(LIST_MAX_ITEMS),
  })
  .superRefine((order, ctx) => {
    for (const index of repeatedPositions(order.items.map((item) => item.id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['items', index, 'id'],
        message: `Value error, item id '${order.items[index]?.id}' is used by another line of this order`,
        params: { type: 'value_error' },
        input: order.items[index]?.id,
      });
    }
  })
  .meta({
    id: 'OrderCreateBody',
    examples: [
      {
        id: 'ORD-20261122-0001',
        member_id: 'M-1001',
        recipient_name: '김민지',
        recipient_cellphone: '010-1234-5678',
        items: [
          {
            id: 'ORD-20261122-0001-1',
            product: {
              id: 'P-1001',
              name: '제주 감귤 5kg',
              image_url: 'https://shop.example.com/img/p-1001.jpg',
            },
            product_option: ['5kg', '선물 포장'],
          },
        ],
      },
    ],
  });
export type OrderCreateBody = z.infer<typeof OrderCreateBody>;

/** Body of `PATCH /api/v1/orders/{id}`: both recipient fields, always. */
export const OrderPatchBody = z
  .object({
    recipient_name: requiredText(),
    recipient_cellphone: requiredText(),
  })
  .meta({
    id: 'OrderPatchBody',
    examples: [{ recipient_name: '김민지', recipient_cellphone: '010-9876-5432' }],
  });
export type OrderPatchBody = z.infer<typeof OrderPatchBody>;
