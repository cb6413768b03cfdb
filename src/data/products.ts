import { getCollection, type CollectionEntry } from 'astro:content';

export type Product = CollectionEntry<'products'>;

export async function getProducts(): Promise<Product[]> {
  return (await getCollection('products')).sort((a, b) => a.data.order - b.data.order);
}

/** ¥29.00 from integer cents: prices never pass through floating point until shown. */
export function formatPrice(cents: number): string {
  return `¥${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
