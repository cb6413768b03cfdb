/** The shop on the wire (docs/api.md §10.2). Prices are integer cents, never floating point. */

export interface PlanItem {
  id: string;
  name: string;
  price_cents: number;
  /** How long a license lasts; null for a lifetime plan. */
  days: number | null;
  max_machines: number;
}

/** `GET /api/shop/products`. */
export interface ProductItem {
  slug: string;
  name: string;
  description: string;
  plans: PlanItem[];
}
