import { getProducts } from '../../data/products';
import type { ProductExport } from '../../lib/node/contentIndex';

/** Build-time export of the products for the shop's API; the build moves it out of the public folder with the articles. */
export async function GET() {
  const exported: ProductExport = {
    builtAt: new Date().toISOString(),
    products: (await getProducts()).map((product) => ({
      slug: product.data.slug,
      name: product.data.name,
      description: product.data.summary,
      plans: product.data.plans.map((plan) => ({ ...plan })),
    })),
  };
  return Response.json(exported);
}
