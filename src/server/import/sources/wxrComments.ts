/**
 * A WordPress post's comments as ours: the approved ones, each commenter a guest (no WordPress
 * account comes over), and WordPress's threads of any depth folded into our two levels.
 */
import type { ImportedComment } from '../bundle.ts';
import { parseImportDate } from './tidy.ts';
import { htmlToText } from './wxrHtml.ts';
import { listOf, textOf, wpDate, type XmlNode } from './wxrXml.ts';

const commentKey = (id: string) => `wxr:comment:${id}`;

/** Why a comment is left out, in the words of the report. */
function leftOutAs(comment: XmlNode): string | null {
  const type = textOf(comment['wp:comment_type']).trim();
  if (type === 'pingback' || type === 'trackback') return '引用通告';
  const approved = textOf(comment['wp:comment_approved']).trim();
  if (approved === '1') return null;
  if (approved === 'spam') return '垃圾评论';
  if (approved === 'trash' || approved === 'post-trashed') return '已删除';
  return '未审核';
}

export interface PostComments {
  comments: ImportedComment[];
  /** What was left out, for the report's one line about this post: `垃圾评论 1 条、未审核 1 条`. */
  leftOut: string | null;
}

export function readComments(item: XmlNode, articleKey: string): PostComments {
  const all = listOf(item['wp:comment']);
  const byId = new Map(all.map((comment) => [textOf(comment['wp:comment_id']).trim(), comment]));
  /** The comments that come over, each with its text. */
  const kept = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const [id, comment] of byId) {
    const content = htmlToText(textOf(comment['wp:comment_content']));
    const reason = leftOutAs(comment) ?? (content ? null : '内容为空');
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    else kept.set(id, content);
  }

  /**
   * The top-level comment a reply belongs under: its highest ancestor that comes over. One whose
   * ancestors were all left out becomes a top-level comment itself, rather than answer nothing.
   */
  const rootOf = (id: string): string | undefined => {
    let root: string | undefined;
    const seen = new Set([id]);
    let parent = textOf(byId.get(id)?.['wp:comment_parent']).trim();
    while (parent && parent !== '0' && byId.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      if (kept.has(parent)) root = parent;
      parent = textOf(byId.get(parent)?.['wp:comment_parent']).trim();
    }
    return root;
  };

  const comments: ImportedComment[] = [];
  for (const [id, content] of kept) {
    const comment = byId.get(id)!;
    // As for posts: the GMT date is the moment, the local one is in the site's own zone.
    const createdAt =
      parseImportDate(`${wpDate(comment['wp:comment_date_gmt']) ?? ''}Z`) ??
      parseImportDate(wpDate(comment['wp:comment_date'])) ??
      new Date(0);
    const email = textOf(comment['wp:comment_author_email']).trim();
    const site = textOf(comment['wp:comment_author_url']).trim();
    const root = rootOf(id);
    comments.push({
      key: commentKey(id),
      target: { kind: 'article', key: articleKey },
      ...(root ? { parentKey: commentKey(root) } : {}),
      author: {
        guestName: textOf(comment['wp:comment_author']).trim() || '匿名',
        ...(email ? { guestEmail: email } : {}),
        ...(/^https?:\/\//i.test(site) ? { guestSite: site } : {}),
      },
      content,
      likes: 0,
      hidden: false,
      createdAt,
    });
  }
  // Top-level comments first: each reply then comes after the comment it is filed under.
  comments.sort((a, b) => Number(Boolean(a.parentKey)) - Number(Boolean(b.parentKey)));
  const leftOut = [...counts].map(([reason, count]) => `${reason} ${count} 条`).join('、');
  return { comments, leftOut: leftOut || null };
}
