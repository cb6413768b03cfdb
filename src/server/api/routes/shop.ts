/** The shop (docs/api.md §10.2): so far, what it sells. */
import { Router } from 'express';
import type { ProductItem } from '../../../contract/shop.ts';
import type { ProductCatalog } from '../../shop/catalog.ts';
import { ok } from '../envelope.ts';

export function shopRoutes(products: ProductCatalog): Router {
  const router = Router();
  router.get('/products', (_req, res) => void res.json(ok(products.list satisfies ProductItem[])));
  return router;
}
