/** The owner's settings for the whole site. Everything a reader sees about the owner lives here. */
import type { FeatureSwitches } from './lib/shared/features';
export interface SiteConfig {
  /** Canonical origin used in links, RSS and the sitemap; overridable with SITE_URL at build time. */
  url: string;
  /**
   * The parts of the site that are on (src/lib/shared/features.ts): a blog that sells nothing turns the
   * shop off. `FEATURES_OFF` turns more off without editing this file; build again after a change.
   */
  features: FeatureSwitches;
  title: string;
  /** The name under the icon on a phone's home screen (the web app manifest): a few characters. */
  shortName: string;
  description: string;
  author: string;
  avatar: string;
  personalSay: string;
  notice: string;
  /** When the site started, `YYYY-MM-DD[ HH:mm[:ss]]` on the site's clock; clients show how long it has run. */
  createdAt: string;
  footer: {
    copyright: string;
    filingNumber: string;
    filingUrl: string;
  };
  /** Links shown on the site and given to clients by GET /api/config; leave empty to hide one. */
  social: {
    github: string;
    gitee: string;
    bilibili: string;
    qq: string;
    weChat: string;
    qqGroup: string;
    weChatGroup: string;
  };
  /** The backdrop behind the avatar on profile cards. */
  avatarBackground: string;
  /** Page-header background per route prefix; the longest matching prefix wins, `default` otherwise. */
  pageHeaders: Record<string, string>;
  pageSize: number;
  /** The user id that receives the special greeting; unset, nobody does (set it to someone who has an account). */
  specialGreetingUserId?: number;
  landing: {
    /**
     * A JSON quote service (GET), e.g. `https://v1.hitokoto.cn/?c=d&c=i&encode=json`. Its sentence is read from
     * `data.note`, `hitokoto` or `content`. Empty (the default) uses `fallbackQuotes` and makes no request to another host.
     */
    quoteUrl: string;
    fallbackQuotes: string[];
    finalSentence: string;
  };
  payment: {
    weChatQr: string;
    aliPayQr: string;
  };
}

export const site: SiteConfig = {
  url: 'http://localhost:4321',
  title: '小咸鱼的博客',
  shortName: '小咸鱼',
  description: '一个写代码、读书和记录生活的个人博客。',
  author: '小咸鱼',
  avatar: '/img/avatar.svg',
  personalSay: '慢慢来，比较快。',
  notice: '欢迎来到我的博客，原创文章转载请注明出处。',
  createdAt: '2023-01-01 00:00:00',
  footer: {
    copyright: '© 2023-2026 小咸鱼 · 保留所有权利',
    filingNumber: '京ICP备00000000号-1',
    filingUrl: 'https://beian.miit.gov.cn/',
  },
  social: {
    github: 'https://github.com/',
    gitee: 'https://gitee.com/',
    bilibili: 'https://www.bilibili.com/',
    qq: '',
    weChat: '',
    qqGroup: '',
    weChatGroup: '',
  },
  avatarBackground: '/img/headers/default.svg',
  pageHeaders: {
    '/home': '/img/headers/home.svg',
    '/archives': '/img/headers/archives.svg',
    '/category': '/img/headers/category.svg',
    '/tag': '/img/headers/tag.svg',
    '/articleList': '/img/headers/archives.svg',
    '/article': '/img/headers/article.svg',
    '/talk': '/img/headers/talk.svg',
    '/pay': '/img/headers/pay.svg',
    default: '/img/headers/default.svg',
  },
  pageSize: 10,
  features: { shop: true, links: true, board: true, talks: true, music: true, comments: true, offline: true },
  landing: {
    quoteUrl: '',
    fallbackQuotes: [
      '生活明朗，万物可爱。',
      '星光不问赶路人，时光不负有心人。',
      '保持热爱，奔赴山海。',
      '人生如逆旅，我亦是行人。',
    ],
    finalSentence: '我得做点什么',
  },
  payment: {
    weChatQr: '/img/pay/wechat.svg',
    aliPayQr: '/img/pay/alipay.svg',
  },
};
