/**
 * The words of pages rendered at build time. Kept apart from zh-CN.ts, whose strings every page
 * carries to the browser: these stay in the HTML.
 */

/** Page titles and the words of pages rendered at build time. */
export const pagesText = {
  home: '首页',
  archives: '时间轴',
  archivesTotal: (n: number) => `目前共计 ${n} 篇文章，继续加油`,
  categories: '分类',
  tags: '标签',
  articleList: '文章列表',
  talk: '说说',
  resourcesFront: '前端',
  resourcesBack: '后端',
  siteList: '网站列表',
  pay: '获取激活码',
  lifetime: '永久',
  days: (n: number) => `${n} 天`,
  machines: (n: number) => `最多 ${n} 台设备`,
  notFound: '页面走丢了',
  notFoundHint: '你访问的页面不存在，可能已被删除或链接有误。',
  backHome: '回到首页',
};

/** Article lists and their paging. */
export const listText = {
  pinned: '置顶',
  previousPage: '上一页',
  nextPage: '下一页',
  page: (n: number) => `第 ${n} 页`,
  empty: '这里还没有文章',
  articleCount: (n: number) => `${n} 篇文章`,
};

/** The landing page. */
export const landingText = {
  title: '导航',
  enter: '进入博客',
  messages: '留言板',
  links: '下载',
};
