import { shopInfo, type ShopInfo } from '@shop/contracts';
import { z } from 'zod';
import { defineRoute, type AnyRoute } from '../../http/route.ts';

/** `GET /api/shop/info` (issue #42 point 11): the seller and the delivery promise every page shows. */
export function shopRoutes(info: ShopInfo): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/shop/info',
      tag: 'shop',
      summary: "The seller's identity (name, partita IVA, address, phone, e-mail, PEC, REA: the invoices' data) and the delivery promise in working days",
      query: z.object({}).strict(),
      response: shopInfo,
      handler: () => info,
    }),
  ];
}
