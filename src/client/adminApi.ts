/** The admin console's calls (docs/api.md §11.2), and the shop's confirm and refund. */
import type { AdminComment, AdminCommentStatus, AdminLicense, AdminMessage, AdminOrder, AdminPayment, AdminUser, Dashboard } from '../contract/admin';
import type { CommentRules } from '../contract/commentRules';
import type { Page } from '../contract/envelope';
import type { LinkItem, LinkStatusCode } from '../contract/links';
import type { OrderItem, OrderStatus } from '../contract/shop';
import type { ResetLink, RoleCode } from '../contract/users';
import {
  ADMIN_APPROVE_COMMENTS,
  ADMIN_COMMENTS,
  ADMIN_COMMENT_RULES,
  ADMIN_DASHBOARD,
  ADMIN_DISABLE_USER,
  ADMIN_HIDE_COMMENT,
  ADMIN_HIDE_COMMENTS,
  ADMIN_HIDE_MESSAGE,
  ADMIN_LICENSES,
  ADMIN_LINKS,
  ADMIN_MESSAGES,
  ADMIN_ORDERS,
  ADMIN_PAYMENTS,
  ADMIN_REMOVE_COMMENT,
  ADMIN_REMOVE_COMMENTS,
  ADMIN_REMOVE_MESSAGE,
  ADMIN_RESET_LINK,
  ADMIN_RESET_MACHINES,
  ADMIN_REVOKE_LICENSE,
  ADMIN_SET_ROLE,
  ADMIN_USERS,
  LINK_APPROVE,
  LINK_REJECT,
  SHOP_CONFIRM,
  SHOP_REFUND,
} from '../contract/paths';
import { fillPath, withQuery } from '../lib/shared/paths';
import { http } from './api';

export const adminApi = {
  dashboard: () => http.get<Dashboard>(ADMIN_DASHBOARD),

  comments: (keyword: string, status: AdminCommentStatus, current: number, size: number) =>
    http.get<Page<AdminComment>>(withQuery(ADMIN_COMMENTS, { keyword, status, current, size })),
  approveComments: (idList: number[]) => http.put<number>(ADMIN_APPROVE_COMMENTS, { idList }),
  hideComments: (idList: number[], hidden: boolean) => http.put<number>(ADMIN_HIDE_COMMENTS, { idList, hidden }),
  deleteComments: (idList: number[]) => http.put<number>(ADMIN_REMOVE_COMMENTS, { idList }),
  commentRules: () => http.get<CommentRules>(ADMIN_COMMENT_RULES),
  saveCommentRules: (rules: CommentRules) => http.put<CommentRules>(ADMIN_COMMENT_RULES, rules),
  hideComment: (id: number, hidden: boolean) => http.put<boolean>(fillPath(ADMIN_HIDE_COMMENT, { id }), { hidden }),
  deleteComment: (id: number) => http.put<boolean>(fillPath(ADMIN_REMOVE_COMMENT, { id })),
  messages: (keyword: string, current: number, size: number) => http.get<Page<AdminMessage>>(withQuery(ADMIN_MESSAGES, { keyword, current, size })),
  hideMessage: (id: number, hidden: boolean) => http.put<boolean>(fillPath(ADMIN_HIDE_MESSAGE, { id }), { hidden }),
  deleteMessage: (id: number) => http.put<boolean>(fillPath(ADMIN_REMOVE_MESSAGE, { id })),

  links: (status: LinkStatusCode | null, current: number, size: number) => http.get<Page<LinkItem>>(withQuery(ADMIN_LINKS, { status, current, size })),
  approveLinks: (idList: number[]) => http.put<boolean>(LINK_APPROVE, { idList }),
  rejectLinks: (idList: number[]) => http.put<boolean>(LINK_REJECT, { idList }),

  users: (keyword: string, current: number, size: number) => http.get<Page<AdminUser>>(withQuery(ADMIN_USERS, { keyword, current, size })),
  setDisabled: (id: number, disabled: boolean, hide_writing = false) => http.put<AdminUser>(fillPath(ADMIN_DISABLE_USER, { id }), { disabled, hide_writing }),
  setRole: (id: number, role: RoleCode) => http.put<AdminUser>(fillPath(ADMIN_SET_ROLE, { id }), { role }),
  resetLink: (id: number) => http.post<ResetLink>(fillPath(ADMIN_RESET_LINK, { id })),

  orders: (status: OrderStatus | null, current: number, size: number) => http.get<Page<AdminOrder>>(withQuery(ADMIN_ORDERS, { status, current, size })),
  confirmOrder: (orderNo: string) => http.put<OrderItem>(fillPath(SHOP_CONFIRM, { order_no: orderNo })),
  refundOrder: (orderNo: string) => http.put<OrderItem>(fillPath(SHOP_REFUND, { order_no: orderNo })),
  payments: (flaggedOnly: boolean, current: number, size: number) => http.get<Page<AdminPayment>>(withQuery(ADMIN_PAYMENTS, { flagged: flaggedOnly ? 1 : undefined, current, size })),

  licenses: (by: { order_no: string } | { user_id: number }) => http.get<AdminLicense[]>(withQuery(ADMIN_LICENSES, by)),
  revokeLicense: (orderNo: string) => http.put<boolean>(fillPath(ADMIN_REVOKE_LICENSE, { order_no: orderNo })),
  resetMachines: (orderNo: string) => http.put<number>(fillPath(ADMIN_RESET_MACHINES, { order_no: orderNo })),
};
