/** The owner's writing console (docs/api.md §11.3): admins only, each change in the audit log. */
import express, { Router, type Request } from 'express';
import { dirname, join } from 'node:path';
import { z } from 'astro/zod';
import type { Page } from '../../../contract/envelope.ts';
import { ARTICLE_FILTERS, type ContentVersionDetail, type ContentVersionRow, type PublishState, type Taxonomies, type UploadedContentImage, type WritingArticle, type WritingArticleRow, type WritingTalk } from '../../../contract/writing.ts';
import { ARTICLE_BODY_MAX, KEYWORD_MAX_LENGTH, MAX_CONTENT_IMAGE_BYTES, TALK_BODY_MAX, TALK_IMAGES_MAX, TAXONOMY_NAME_MAX as NAME_MAX } from '../../../contract/limits.ts';
import type { AuditLog } from '../../admin/audit.ts';
import { contentImageFile, saveContentImage } from '../../writing/contentImages.ts';
import type { ArticleWriting } from '../../writing/articles.ts';
import type { Writing } from '../../writing/index.ts';
import { renderPreview } from '../../writing/preview.ts';
import { parseSource } from '../../writing/sourceFiles.ts';
import type { ContentVersion } from '../../writing/versions.ts';
import { formatDateTime } from '../../../lib/shared/time.ts';
import { requireAdmin } from '../authenticate.ts';
import { WRITING_BODY_LIMIT } from '../middleware.ts';
import { badRequest, notFound, ok } from '../envelope.ts';
import { id, NOT_AN_OBJECT, paging, parse } from '../validate.ts';
import { readImageUpload } from './upload.ts';
import { API } from '../../../contract/endpoints.ts';
import { articleDraft, taxonomyName } from '../../../contract/articleFields.ts';
import { groupRouter } from '../endpoints.ts';

const flag = (what: string) => z.boolean({ error: `${what}只能是 true 或 false` });
// The form's fields are checked loosely here (kind and size) and exactly by the content schema, whose messages name the field.
const articleBody = z.object(
  {
    ...articleDraft.shape,
    base_revision: z.string().regex(/^[a-f0-9]{16}$/, { error: 'base_revision 格式不对' }).nullable().default(null),
    publish: flag('publish'),
    overwrite: flag('overwrite').optional(),
  },
  NOT_AN_OBJECT,
);
/** 暂存修改: the editor's fields, and the revision of the file they started from. */
const pendingBody = articleBody.omit({ publish: true, overwrite: true }).extend({
  base_revision: z.string({ error: '请带上打开文章时的 base_revision' }).regex(/^[a-f0-9]{16}$/, { error: 'base_revision 格式不对' }),
});
const talkBody = z.object(
  {
    content: z.string({ error: '内容必须是文字' }).max(TALK_BODY_MAX * 2, { error: `内容最多 ${TALK_BODY_MAX} 个字` }),
    images: z.array(z.string({ error: '图片必须是地址' }).max(500), { error: '图片必须是地址列表' }).max(TALK_IMAGES_MAX, { error: `最多 ${TALK_IMAGES_MAX} 张图片` }).default([]),
    pinned: flag('置顶').default(false),
    public: flag('公开').default(true),
    base_revision: z.string().regex(/^[a-f0-9]{16}$/, { error: 'base_revision 格式不对' }).nullable().default(null),
  },
  NOT_AN_OBJECT,
);
const listQuery = z.object({
  ...paging,
  status: z.enum(ARTICLE_FILTERS, { error: 'status 只能是 published、draft、private 或 trash' }).default('published'),
  keyword: z.string({ error: '关键词必须是文字' }).trim().max(KEYWORD_MAX_LENGTH, { error: `关键词最多 ${KEYWORD_MAX_LENGTH} 个字符` }).default(''),
});
const idParams = z.object({ id: id() });
const versionParams = z.object({ id: id(), versionId: id('versionId') });
const previewBody = z.object({ markdown: z.string({ error: '正文必须是文字' }).max(ARTICLE_BODY_MAX, { error: `正文最多 ${ARTICLE_BODY_MAX} 个字符` }), id: id().optional() }, NOT_AN_OBJECT);
const imageQuery = z.object({ use: z.enum(['images', 'covers'], { error: 'use 只能是 images 或 covers' }).default('images') });
const renameBody = z.object(
  {
    kind: z.enum(['category', 'tag'], { error: 'kind 只能是 category 或 tag' }),
    from: z.string({ error: '请选择要改的名字' }).min(1, { error: '请选择要改的名字' }).max(NAME_MAX * 4),
    to: taxonomyName('新名字'),
  },
  NOT_AN_OBJECT,
);

const versionRow = (version: ContentVersion): ContentVersionRow => {
  const { data, body } = parseSource(version.source);
  return { id: version.id, saved_at: formatDateTime(version.savedAt), title: typeof data.title === 'string' ? data.title : '', chars: body.length };
};

/** 移到回收站, 恢复 and 彻底删除 of one kind of content, each in the audit log (`article.trash`, `talk.destroy`). */
function binRoutes(route: WritingRoute, entity: 'article' | 'talk', bin: Pick<ArticleWriting, 'trash' | 'restore' | 'destroy'>, audit: AuditLog): void {
  const Entity = entity === 'article' ? 'Article' : 'Talk';
  for (const action of ['trash', 'restore', 'destroy'] as const) {
    route(`${action}${Entity}`, async (req, res) => {
      const { id } = parse(idParams, req.params);
      await bin[action](id);
      await audit.record(requireAdmin(req).id, `${entity}.${action}`, `${entity}:${id}`);
      res.json(ok(true));
    });
  }
}

type WritingRoute = ReturnType<typeof groupRouter<(typeof API.writing)['endpoints']>>['route'];

export function writingRoutes(writing: Writing, audit: AuditLog): Router {
  const { articles, talks, publisher } = writing;
  const { router, route } = groupRouter(API.writing);
  router.use((req, _res, next) => {
    requireAdmin(req);
    next();
  });
  router.use(express.json({ limit: WRITING_BODY_LIMIT }));
  const adminOf = (req: Request) => requireAdmin(req);
  const query = (req: Request) => ({ current: 1, size: 20, ...req.query });

  route('articles', async (req, res) => {
    const { status, keyword, current, size } = parse(listQuery, query(req));
    res.json(ok((await articles.list(status, keyword, current, size)) satisfies Page<WritingArticleRow>));
  });
  route('article', async (req, res) => {
    res.json(ok((await articles.open(parse(idParams, req.params).id)) satisfies WritingArticle));
  });
  route('createArticle', async (req, res) => {
    const admin = adminOf(req);
    const saved = await articles.save(null, parse(articleBody, req.body), admin.id);
    await audit.record(admin.id, 'article.create', `article:${saved.id}`);
    res.json(ok(saved satisfies WritingArticle));
  });
  route('saveArticle', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    // A hand edit since base_revision is a Conflict: 409 with the file on disk (apiErrors).
    const saved = await articles.save(id, parse(articleBody, req.body), admin.id);
    await audit.record(admin.id, 'article.save', `article:${id}`);
    res.json(ok(saved satisfies WritingArticle));
  });
  route('savePendingEdit', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const saved = await articles.savePending(id, parse(pendingBody, req.body), admin.id);
    await audit.record(admin.id, 'article.savePending', `article:${id}`);
    res.json(ok(saved satisfies WritingArticle));
  });
  route('dropPendingEdit', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const article = await articles.dropPending(id);
    await audit.record(admin.id, 'article.dropPending', `article:${id}`);
    res.json(ok(article satisfies WritingArticle));
  });
  route('withdrawArticle', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const article = await articles.withdraw(id, admin.id);
    await audit.record(admin.id, 'article.withdraw', `article:${id}`);
    res.json(ok(article satisfies WritingArticle));
  });
  binRoutes(route, 'article', articles, audit);
  route('versions', async (req, res) => {
    const versions = await articles.history(parse(idParams, req.params).id);
    res.json(ok(versions.map(versionRow) satisfies ContentVersionRow[]));
  });
  route('version', async (req, res) => {
    const { id, versionId } = parse(versionParams, req.params);
    const version = await articles.version(id, versionId);
    res.json(ok({ ...versionRow(version), source: version.source } satisfies ContentVersionDetail));
  });
  route('restoreVersion', async (req, res) => {
    const admin = adminOf(req);
    const { id, versionId } = parse(versionParams, req.params);
    const saved = await articles.restoreVersion(id, versionId, admin.id);
    await audit.record(admin.id, 'article.restoreVersion', `article:${id}`, String(versionId));
    res.json(ok(saved satisfies WritingArticle));
  });

  route('preview', async (req, res) => {
    const { markdown, id } = parse(previewBody, req.body);
    const file = id ? await articles.open(id).catch(() => null) : null;
    const dir = file && dirname(file.file) !== '.' ? dirname(file.file) : '';
    res.json(ok({ html: await renderPreview(markdown, dir) }));
  });
  route('image', async (req, res) => {
    const { use } = parse(imageQuery, req.query);
    const bytes = await readImageUpload(req, MAX_CONTENT_IMAGE_BYTES);
    if (bytes.length === 0) throw badRequest('图片是空的', ['file']);
    const saved = await saveContentImage(writing.articlesDir, use, bytes);
    writing.imageCache.add(join(writing.articlesDir, saved.path), use);
    res.json(ok(saved satisfies UploadedContentImage));
  });
  route('file', (req, res) => {
    const path = ([] as string[]).concat((req.params as { path: string | string[] }).path).join('/');
    const file = contentImageFile(writing.articlesDir, path);
    if (!file) throw notFound('图片不存在');
    res.sendFile(file, { dotfiles: 'deny', headers: { 'Cache-Control': 'private, no-cache' } }, (error) => {
      if (error && !res.headersSent) res.status(404).json({ code: 404, message: '图片不存在' });
    });
  });

  route('talks', async (req, res) => {
    const trashed = parse(z.object({ trashed: z.enum(['0', '1'], { error: 'trashed 只能是 0 或 1' }).default('0') }), req.query).trashed === '1';
    res.json(ok((await talks.list(trashed)) satisfies WritingTalk[]));
  });
  route('createTalk', async (req, res) => {
    const admin = adminOf(req);
    const saved = await talks.save(null, parse(talkBody, req.body), admin.id);
    await audit.record(admin.id, 'talk.create', `talk:${saved.id}`);
    res.json(ok(saved satisfies WritingTalk));
  });
  route('saveTalk', async (req, res) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const saved = await talks.save(id, parse(talkBody, req.body), admin.id);
    await audit.record(admin.id, 'talk.save', `talk:${id}`);
    res.json(ok(saved satisfies WritingTalk));
  });
  binRoutes(route, 'talk', talks, audit);

  route('taxonomy', async (_req, res) => void res.json(ok((await articles.taxonomies()) satisfies Taxonomies)));
  route('renameTaxonomy', async (req, res) => {
    const admin = adminOf(req);
    const { kind, from, to } = parse(renameBody, req.body);
    const changed = await articles.renameName(kind, from, to, admin.id);
    await audit.record(admin.id, `${kind}.rename`, `${kind}:${from}`, to);
    res.json(ok({ changed }));
  });

  route('publishState', (_req, res) => void res.json(ok(publisher.state() satisfies PublishState)));
  route('publish', async (req, res) => {
    publisher.request();
    await audit.record(adminOf(req).id, 'site.publish', 'site');
    res.json(ok(publisher.state() satisfies PublishState));
  });
  return router;
}
