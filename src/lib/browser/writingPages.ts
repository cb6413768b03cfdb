/** The editor's two pages: 写文章 for a new article, 编辑文章 for a saved one (one island, headed for what it opens). */
export const NEW_ARTICLE_PAGE = '/admin/articles/new';
export const editArticlePage = (id: number) => `/admin/articles/edit?id=${id}`;
