/** The admin console's calls (docs/api.md §11.2), and the shop's confirm and refund. */
import type { AdminComment, AdminCommentStatus, AdminLicense, AdminMessage, AdminOrder, AdminPayment, AdminUser, Dashboard } from '../contract/admin';
import type { CommentRules } from '../contract/commentRules';
import type { Page } from '../contract/envelope';
import type { LinkItem, LinkStatusCode } from '../contract/links';
import type { OrderItem, OrderStatus } from '../contract/shop';
import type { ResetLink, RoleCode } from '../contract/users';
import { http } from './api';

/** A query string of the values given; empty ones are left out. */
function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  return search.toString();
}

const order = (orderNo: string) => encodeURIComponent(orderNo);

export const adminApi = {
  dashboard: () => http.get<Dashboard>('/api/admin/dashboard'),

  comments: (keyword: string, status: AdminCommentStatus, current: number, size: number) =>
    http.get<Page<AdminComment>>(`/api/admin/comments?${query({ keyword, status, current, size })}`),
  approveComments: (idList: number[]) => http.put<number>('/api/admin/comments/approve', { idList }),
  hideComments: (idList: number[], hidden: boolean) => http.put<number>('/api/admin/comments/hidden', { idList, hidden }),
  deleteComments: (idList: number[]) => http.put<number>('/api/admin/comments/delete', { idList }),
  commentRules: () => http.get<CommentRules>('/api/admin/commentRules'),
  saveCommentRules: (rules: CommentRules) => http.put<CommentRules>('/api/admin/commentRules', rules),
  hideComment: (id: number, hidden: boolean) => http.put<boolean>(`/api/admin/comments/${id}/hidden`, { hidden }),
  deleteComment: (id: number) => http.put<boolean>(`/api/admin/comments/${id}/delete`),
  messages: (keyword: string, current: number, size: number) => http.get<Page<AdminMessage>>(`/api/admin/messages?${query({ keyword, current, size })}`),
  hideMessage: (id: number, hidden: boolean) => http.put<boolean>(`/api/admin/messages/${id}/hidden`, { hidden }),
  deleteMessage: (id: number) => http.put<boolean>(`/api/admin/messages/${id}/delete`),

  links: (status: LinkStatusCode | null, current: number, size: number) => http.get<Page<LinkItem>>(`/api/admin/links?${query({ status, current, size })}`),
  approveLinks: (idList: number[]) => http.put<boolean>('/api/links/approve', { idList }),
  rejectLinks: (idList: number[]) => http.put<boolean>('/api/links/reject', { idList }),

  users: (keyword: string, current: number, size: number) => http.get<Page<AdminUser>>(`/api/admin/users?${query({ keyword, current, size })}`),
  setDisabled: (id: number, disabled: boolean, hide_writing = false) => http.put<AdminUser>(`/api/admin/users/${id}/disabled`, { disabled, hide_writing }),
  setRole: (id: number, role: RoleCode) => http.put<AdminUser>(`/api/admin/users/${id}/role`, { role }),
  resetLink: (id: number) => http.post<ResetLink>(`/api/admin/users/${id}/resetLink`),

  orders: (status: OrderStatus | null, current: number, size: number) => http.get<Page<AdminOrder>>(`/api/admin/orders?${query({ status, current, size })}`),
  confirmOrder: (orderNo: string) => http.put<OrderItem>(`/api/shop/admin/confirm/${order(orderNo)}`),
  refundOrder: (orderNo: string) => http.put<OrderItem>(`/api/shop/admin/refund/${order(orderNo)}`),
  payments: (flaggedOnly: boolean, current: number, size: number) => http.get<Page<AdminPayment>>(`/api/admin/payments?${query({ flagged: flaggedOnly ? 1 : undefined, current, size })}`),

  licenses: (by: { order_no: string } | { user_id: number }) => http.get<AdminLicense[]>(`/api/admin/licenses?${query(by)}`),
  revokeLicense: (orderNo: string) => http.put<boolean>(`/api/admin/licenses/${order(orderNo)}/revoke`),
  resetMachines: (orderNo: string) => http.put<number>(`/api/admin/licenses/${order(orderNo)}/reset`),
};
