import { getCollection, type CollectionEntry } from 'astro:content';

export type Product = CollectionEntry<'products'>;

export async function getProducts(): Promise<Product[]> {
  return (await getCollection('products')).sort((a, b) => a.data.order - b.data.order);
}

// The islands format prices too, and cannot import this module (it reads the content collections).
export { formatPrice } from '../lib/shared/shop';
