/** Message-board posts and talks (docs/api.md §9.2, §9.3). */

/** The style fields are CSS values as written (`#333`, `18px`, `bold`); `''` means the board's default. */
export interface BoardMessage {
  id: number;
  /** Plain text, line breaks kept; never HTML. */
  message: string;
  color: string;
  font_size: string;
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
}

/** How a post looks; every field may be left out or empty for the default. */
export interface MessageStyle {
  color?: string;
  font_size?: string;
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

/** `POST /api/message/getMessageList`: `tag` and `user_id` narrow the list; empty means no filter. */
export interface MessageListQuery {
  current: number;
  size: number;
  tag?: string | null;
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

export interface Talk {
  id: number;
  /** HTML. */
  content: string;
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
