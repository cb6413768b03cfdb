/** Messages of the message board, and talks (docs/api.md §9.2, §9.3). */

/**
 * The style fields are CSS values as written (`#333`, `bold`); `''` means the board's default.
 * `font_size` is a number of pixels (the original front end draws `font_size + 'px'`), null for the default.
 */
export interface BoardMessage {
  id: number;
  /** Plain text, line breaks kept; never HTML. */
  message: string;
  color: string;
  font_size: number | null;
  font_weight: string;
  bg_color: string;
  bg_url: string;
  tag: string;
  user_id: number;
  nick_name: string;
  avatar: string;
  like_times: number;
  is_like: boolean;
  comment_total: number;
  createdAt: string;
  /** IP 属地: a province in China, a country elsewhere, 未知 when unknown; never the address. Absent when the owner turns it off. */
  ipAddress?: string;
}

/** How a message looks; every field may be left out or empty for the default. */
export interface MessageStyle {
  color?: string;
  /** Pixels, 12 to 40: a number, or `"16px"`. */
  font_size?: number | string | null;
  /** `normal`, `bold` or 100 to 900 in hundreds; a number is taken too. */
  font_weight?: string | number;
  bg_color?: string;
  /** One of the poster's own uploads (`/uploads/…`). */
  bg_url?: string;
  tag?: string;
}

/** `POST /api/message/add`. */
export interface MessageDraft extends MessageStyle {
  message: string;
}

/** `POST /api/message/update`: what is left out stays as it was. */
export interface MessageChanges extends MessageStyle {
  id: number;
  message?: string;
}

/**
 * `POST /api/message/getMessageList`: `tag`, `message` (a text search) and `author_id` narrow the
 * list; empty means no filter. `user_id` is the viewer, as the original front end sends it: it
 * changes nothing, since the session decides `is_like`.
 */
export interface MessageListQuery {
  current: number;
  size: number;
  tag?: string | null;
  message?: string | null;
  author_id?: number | string | null;
  user_id?: number | string | null;
}

/** `PUT /api/message/delete`. */
export interface MessageDeletion {
  idList: number[];
}

/** `getHotTagList`: most used first. */
export interface HotTag {
  tag: string;
  count: number;
}
