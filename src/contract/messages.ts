/** Message-board posts and talks, planned (docs/api.md §9.2, §9.3): only the fields listed there. */

/** The style fields are CSS values as written (`#333`, `18px`, `bold`). */
export interface BoardMessage {
  id: number;
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

export interface Talk {
  id: number;
  /** HTML. */
  content: string;
  talkImgList: string[];
  nick_name: string;
  avatar: string;
  like_times: number;
  is_like: boolean;
  is_top: 1 | 2;
  createdAt: string;
}
