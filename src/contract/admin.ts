/** The admin console's API (docs/api.md §10.4): admins only; everyone else gets 401 or 403. */
import type { CommentTargetCode } from './comments.ts';
import type { OrderStatus } from './shop.ts';
import type { RoleCode } from './users.ts';

export interface AuditEntry {
  id: number;
  actor_id: number;
  actor_name: string;
  action: string;
  target: string;
  detail: string;
  createdAt: string;
}

export interface Dashboard {
  articles: number;
  users: number;
  comments: number;
  messages: number;
  pending_links: number;
  pending_orders: number;
  /** Fulfilled orders, less refunds, in cents. */
  revenue_cents: number;
  views: number;
  /** The last 20 admin actions, newest first. */
  audit: AuditEntry[];
  /** Article views on each of the last DASHBOARD_DAYS days of the site's calendar, oldest first, days without views as 0. */
  daily_views: { day: string; views: number }[];
  /** The published articles with the most views, most first. */
  top_articles: { id: number; title: string; views: number }[];
  /** Published articles per category and per tag, most first. */
  categories: { name: string; count: number }[];
  tags: { name: string; count: number }[];
}

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP_ARTICLES = 10;

export interface AdminComment {
  id: number;
  type: CommentTargetCode;
  for_id: number;
  parent_id: number | null;
  content: string;
  /** 0 for a guest. */
  user_id: number;
  nick_name: string;
  hidden: boolean;
  /** Waiting for the owner's approval. */
  held: boolean;
  /** What a guest left besides their name, for the owner alone. */
  guest_email?: string;
  guest_site?: string;
  createdAt: string;
}

/** `GET /api/admin/comments?status=`: every comment, those waiting for approval, or the hidden ones. */
export const ADMIN_COMMENT_STATUSES = ['all', 'held', 'hidden'] as const;
export type AdminCommentStatus = (typeof ADMIN_COMMENT_STATUSES)[number];

export interface AdminMessage {
  id: number;
  message: string;
  tag: string;
  user_id: number;
  nick_name: string;
  hidden: boolean;
  createdAt: string;
}

export interface AdminUser {
  id: number;
  username: string;
  nick_name: string;
  role: RoleCode;
  disabled: boolean;
  createdAt: string;
}

export interface AdminOrder {
  order_no: string;
  user_id: number;
  nick_name: string;
  product_name: string;
  plan_name: string;
  amount_cents: number;
  status: OrderStatus;
  provider: string;
  createdAt: string;
  paidAt: string | null;
  /** When the buyer said 我已付款: the order waits for the owner to check the money and confirm. */
  buyer_paid_at: string | null;
}

export interface AdminPayment {
  id: number;
  order_no: string;
  source: 'notice' | 'query' | 'admin';
  trade_no: string | null;
  amount_cents: number;
  flagged: boolean;
  /** Its order was refunded: the money went back. */
  refunded: boolean;
  detail: string;
  createdAt: string;
}

export interface AdminLicense {
  order_no: string;
  user_id: number;
  /** The buyer's nick-name, and the names the order was sold under. */
  nick_name: string;
  product: string;
  plan: string;
  product_name: string;
  plan_name: string;
  state: 'active' | 'expired' | 'revoked';
  /** ISO 8601, null for a lifetime license. */
  expires_at: string | null;
  max_machines: number;
  machines: { id: number; fingerprint: string; name: string; lastSeenAt: string }[];
}
