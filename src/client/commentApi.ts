/** The comments' calls, under articles, talks and messages. */
import type { AddedComment, AddedReply, CommentBody, CommentOrder, CommentTargetCode, ReplyBody, ReplyComment, RootComment } from '../contract/comments';
import type { Page } from '../contract/envelope';
import { COMMENT_ADD, COMMENT_LIKE, COMMENT_REMOVE, COMMENT_REPLIES, COMMENT_REPLY, COMMENT_ROOTS, COMMENT_UNLIKE } from '../contract/paths';
import { fillPath } from '../lib/shared/paths';
import { http } from './api';

export const commentApi = {
  comments: (type: CommentTargetCode, for_id: number, current: number, size: number, order: CommentOrder) =>
    http.post<Page<RootComment>>(COMMENT_ROOTS, { type, for_id, current, size, order }),
  replies: (parent_id: number, current: number, size: number) => http.post<Page<ReplyComment>>(COMMENT_REPLIES, { parent_id, current, size }),
  addComment: (body: CommentBody) => http.post<AddedComment>(COMMENT_ADD, body),
  reply: (body: ReplyBody) => http.post<AddedReply>(COMMENT_REPLY, body),
  likeComment: (id: number) => http.put<number>(fillPath(COMMENT_LIKE, { id })),
  unlikeComment: (id: number) => http.put<number>(fillPath(COMMENT_UNLIKE, { id })),
  deleteComment: (id: number, parentId: number | null) => http.del<boolean>(fillPath(COMMENT_REMOVE, { id, parent_id: parentId ?? 0 })),
};
