/** Talks on the wire (docs/api.md §9.3): the owner's short posts, with up to nine pictures. */

/** `POST /api/talk/blogGetTalkList` and `GET /api/talk/getTalkById/{id}`. */
export interface Talk {
  id: number;
  /** The owner's text as written: the original front end shows it as text. */
  content: string;
  /** The same, rendered to HTML, as the site's own pages show it. */
  content_html: string;
  talkImgList: string[];
  nick_name: string;
  avatar: string;
  like_times: number;
  is_like: boolean;
  /** 1 pinned, 2 not. */
  is_top: 1 | 2;
  /** Comments on it, replies included. */
  comment_total: number;
  createdAt: string;
}
