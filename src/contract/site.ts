/** Site-wide answers (docs/api.md §2). */

export interface SiteConfig {
  blog_name: string;
  blog_avatar: string;
  avatar_bg: string;
  personal_say: string;
  blog_notice: string;
  qq_link: string;
  we_chat_link: string;
  github_link: string;
  git_ee_link: string;
  bilibili_link: string;
  view_time: number;
  we_chat_group: string;
  qq_group: string;
  we_chat_pay: string;
  ali_pay: string;
  /** The site's start date. */
  createdAt: string;
  /** Whether the site sends mail: without it, addresses cannot be added and the owner hands out reset links. */
  mail_enabled: boolean;
  /** Whether readers may comment without an account, giving a nickname (the owner's comment rules). */
  comment_guests: boolean;
}

export interface PageHeaderEntry {
  id: number;
  /** The original front end's route name (`Home`, `Archives`, ...). */
  route_name: string;
  /** Our path. */
  path: string;
  bg_url: string;
}

export interface SiteStatistic {
  articleCount: number;
  tagCount: number;
  categoryCount: number;
  userCount: number;
}

export interface CategoryEntry {
  id: number;
  category_name: string;
  articleCount: number;
}

export interface TagEntry {
  id: number;
  tag_name: string;
  articleCount: number;
}
