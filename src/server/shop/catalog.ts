/**
 * What the shop sells, as exported by the build (`products.json` beside the articles' index).
 * Prices come from here and never from a client.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProductItem } from '../../contract/shop.ts';
import { PRODUCTS_FILE, type ProductExport } from '../../lib/node/contentIndex.ts';

export interface ProductCatalog {
  list: ProductItem[];
  bySlug: Map<string, ProductItem>;
}

export function createProductCatalog(products: readonly ProductItem[]): ProductCatalog {
  const list = products.map((product) => ({ ...product, plans: product.plans.map((plan) => ({ ...plan })) }));
  return { list, bySlug: new Map(list.map((product) => [product.slug, product])) };
}

/** A build from before the shop has no products: the shop is then empty, with a warning, and the site still starts. */
export async function loadProducts(dir: string): Promise<ProductCatalog> {
  const file = join(dir, PRODUCTS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.warn(`没有找到产品数据（${file}），商店将为空；请重新运行 npm run build`);
    return createProductCatalog([]);
  }
  try {
    return createProductCatalog((JSON.parse(text) as ProductExport).products);
  } catch (error) {
    throw new Error(`读取产品数据失败（${file}），请重新运行 npm run build`, { cause: error });
  }
}
