/** The owner's writing console (docs/api.md §11.3): admins only, each change in the audit log. */
import express, { Router, type Request } from 'express';
import { dirname, join } from 'node:path';
import { z } from 'astro/zod';
import { ARTICLE_FILTERS, type ContentVersionRow } from '../../../contract/writing.ts';
import {
  ARTICLE_BODY_MAX,
  KEYWORD_MAX_LENGTH,
  MAX_CONTENT_IMAGE_BYTES,
  TALK_BODY_MAX,
  TALK_IMAGES_MAX,
  TAXONOMY_NAME_MAX as NAME_MAX,
} from '../../../contract/limits.ts';
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
import { badRequest, notFound } from '../envelope.ts';
import { id, NOT_AN_OBJECT, paging, parse } from '../validate.ts';
import { readImageUpload } from './upload.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  WRITING_ARTICLE,
  WRITING_ARTICLES,
  WRITING_CREATE_ARTICLE,
  WRITING_CREATE_TALK,
  WRITING_DESTROY_ARTICLE,
  WRITING_DESTROY_TALK,
  WRITING_DROP_PENDING_EDIT,
  WRITING_FILE,
  WRITING_IMAGE,
  WRITING_PREVIEW,
  WRITING_PUBLISH,
  WRITING_PUBLISH_STATE,
  WRITING_RENAME_TAXONOMY,
  WRITING_RESTORE_ARTICLE,
  WRITING_RESTORE_TALK,
  WRITING_RESTORE_VERSION,
  WRITING_SAVE_ARTICLE,
  WRITING_SAVE_PENDING_EDIT,
  WRITING_SAVE_TALK,
  WRITING_TALKS,
  WRITING_TAXONOMY,
  WRITING_TRASH_ARTICLE,
  WRITING_TRASH_TALK,
  WRITING_VERSION,
  WRITING_VERSIONS,
  WRITING_WITHDRAW_ARTICLE,
  type Route,
} from '../../../contract/routes.ts';
import { articleDraft, taxonomyName } from '../../../contract/articleFields.ts';
import { groupRouter } from '../endpoints.ts';

const flag = (what: string) => z.boolean({ error: `${what}只能是 true 或 false` });
// The form's fields are checked loosely here (kind and size) and exactly by the content schema, whose messages name the field.
const articleBody = z.object(
  {
    ...articleDraft.shape,
    base_revision: z
      .string()
      .regex(/^[a-f0-9]{16}$/, { error: 'base_revision 格式不对' })
      .nullable()
      .default(null),
    publish: flag('publish'),
    overwrite: flag('overwrite').optional(),
  },
  NOT_AN_OBJECT,
);
/** 暂存修改: the editor's fields, and the revision of the file they started from. */
const pendingBody = articleBody.omit({ publish: true, overwrite: true }).extend({
  base_revision: z
    .string({ error: '请带上打开文章时的 base_revision' })
    .regex(/^[a-f0-9]{16}$/, { error: 'base_revision 格式不对' }),
});
const talkBody = z.object(
  {
    content: z.string({ error: '内容必须是文字' }).max(TALK_BODY_MAX * 2, { error: `内容最多 ${TALK_BODY_MAX} 个字` }),
    images: z
      .array(z.string({ error: '图片必须是地址' }).max(500), { error: '图片必须是地址列表' })
      .max(TALK_IMAGES_MAX, { error: `最多 ${TALK_IMAGES_MAX} 张图片` })
      .default([]),
    pinned: flag('置顶').default(false),
    public: flag('公开').default(true),
    base_revision: z
      .string()
      .regex(/^[a-f0-9]{16}$/, { error: 'base_revision 格式不对' })
      .nullable()
      .default(null),
  },
  NOT_AN_OBJECT,
);
const listQuery = z.object({
  ...paging,
  status: z.enum(ARTICLE_FILTERS, { error: 'status 只能是 published、draft、private 或 trash' }).default('published'),
  keyword: z
    .string({ error: '关键词必须是文字' })
    .trim()
    .max(KEYWORD_MAX_LENGTH, { error: `关键词最多 ${KEYWORD_MAX_LENGTH} 个字符` })
    .default(''),
});
const idParams = z.object({ id: id() });
const versionParams = z.object({ id: id(), versionId: id('versionId') });
const previewBody = z.object(
  {
    markdown: z
      .string({ error: '正文必须是文字' })
      .max(ARTICLE_BODY_MAX, { error: `正文最多 ${ARTICLE_BODY_MAX} 个字符` }),
    id: id().optional(),
  },
  NOT_AN_OBJECT,
);
const imageQuery = z.object({
  use: z.enum(['images', 'covers'], { error: 'use 只能是 images 或 covers' }).default('images'),
});
const renameBody = z.object(
  {
    kind: z.enum(['category', 'tag'], { error: 'kind 只能是 category 或 tag' }),
    from: z
      .string({ error: '请选择要改的名字' })
      .min(1, { error: '请选择要改的名字' })
      .max(NAME_MAX * 4),
    to: taxonomyName('新名字'),
  },
  NOT_AN_OBJECT,
);

const versionRow = (version: ContentVersion): ContentVersionRow => {
  const { data, body } = parseSource(version.source);
  return {
    id: version.id,
    saved_at: formatDateTime(version.savedAt),
    title: typeof data.title === 'string' ? data.title : '',
    chars: body.length,
  };
};

/** 移到回收站, 恢复 and 彻底删除 of one kind of content, each in the audit log (`article.trash`, `talk.destroy`). */
function binRoutes(
  route: WritingRoute,
  entity: 'article' | 'talk',
  routes: Record<BinAction, Route<{ id: number }, true>>,
  bin: Pick<ArticleWriting, BinAction>,
  audit: AuditLog,
): void {
  for (const action of BIN_ACTIONS) {
    route(routes[action], async (req) => {
      const { id } = parse(idParams, req.params);
      await bin[action](id);
      await audit.record(requireAdmin(req).id, `${entity}.${action}`, `${entity}:${id}`);
    });
  }
}

const BIN_ACTIONS = ['trash', 'restore', 'destroy'] as const;
type BinAction = (typeof BIN_ACTIONS)[number];

type WritingRoute = ReturnType<typeof groupRouter>['route'];

export function writingRoutes(writing: Writing, audit: AuditLog): Router {
  const { articles, talks, publisher } = writing;
  const { router, route, routeBare } = groupRouter(API.writing);
  router.use((req, _res, next) => {
    requireAdmin(req);
    next();
  });
  router.use(express.json({ limit: WRITING_BODY_LIMIT }));
  const adminOf = (req: Request) => requireAdmin(req);
  const query = (req: Request) => ({ current: 1, size: 20, ...req.query });

  route(WRITING_ARTICLES, async (req) => {
    const { status, keyword, current, size } = parse(listQuery, query(req));
    return articles.list(status, keyword, current, size);
  });
  route(WRITING_ARTICLE, async (req) => {
    return articles.open(parse(idParams, req.params).id);
  });
  route(WRITING_CREATE_ARTICLE, async (req) => {
    const admin = adminOf(req);
    const saved = await articles.save(null, parse(articleBody, req.body), admin.id);
    await audit.record(admin.id, 'article.create', `article:${saved.id}`);
    return saved;
  });
  route(WRITING_SAVE_ARTICLE, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    // A hand edit since base_revision is a Conflict: 409 with the file on disk (apiErrors).
    const saved = await articles.save(id, parse(articleBody, req.body), admin.id);
    await audit.record(admin.id, 'article.save', `article:${id}`);
    return saved;
  });
  route(WRITING_SAVE_PENDING_EDIT, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const saved = await articles.savePending(id, parse(pendingBody, req.body), admin.id);
    await audit.record(admin.id, 'article.savePending', `article:${id}`);
    return saved;
  });
  route(WRITING_DROP_PENDING_EDIT, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const article = await articles.dropPending(id);
    await audit.record(admin.id, 'article.dropPending', `article:${id}`);
    return article;
  });
  route(WRITING_WITHDRAW_ARTICLE, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const article = await articles.withdraw(id, admin.id);
    await audit.record(admin.id, 'article.withdraw', `article:${id}`);
    return article;
  });
  binRoutes(
    route,
    'article',
    { trash: WRITING_TRASH_ARTICLE, restore: WRITING_RESTORE_ARTICLE, destroy: WRITING_DESTROY_ARTICLE },
    articles,
    audit,
  );
  route(WRITING_VERSIONS, async (req) => {
    const versions = await articles.history(parse(idParams, req.params).id);
    return versions.map(versionRow);
  });
  route(WRITING_VERSION, async (req) => {
    const { id, versionId } = parse(versionParams, req.params);
    const version = await articles.version(id, versionId);
    return { ...versionRow(version), source: version.source };
  });
  route(WRITING_RESTORE_VERSION, async (req) => {
    const admin = adminOf(req);
    const { id, versionId } = parse(versionParams, req.params);
    const saved = await articles.restoreVersion(id, versionId, admin.id);
    await audit.record(admin.id, 'article.restoreVersion', `article:${id}`, String(versionId));
    return saved;
  });

  route(WRITING_PREVIEW, async (req) => {
    const { markdown, id } = parse(previewBody, req.body);
    const file = id ? await articles.open(id).catch(() => null) : null;
    const dir = file && dirname(file.file) !== '.' ? dirname(file.file) : '';
    return { html: await renderPreview(markdown, dir) };
  });
  route(WRITING_IMAGE, async (req) => {
    const { use } = parse(imageQuery, req.query);
    const bytes = await readImageUpload(req, MAX_CONTENT_IMAGE_BYTES);
    if (bytes.length === 0) throw badRequest('图片是空的', ['file']);
    const saved = await saveContentImage(writing.articlesDir, use, bytes);
    writing.imageCache.add(join(writing.articlesDir, saved.path), use);
    return saved;
  });
  routeBare(WRITING_FILE, (req, res) => {
    const path = ([] as string[]).concat((req.params as { path: string | string[] }).path).join('/');
    const file = contentImageFile(writing.articlesDir, path);
    if (!file) throw notFound('图片不存在');
    res.sendFile(file, { dotfiles: 'deny', headers: { 'Cache-Control': 'private, no-cache' } }, (error) => {
      if (error && !res.headersSent) res.status(404).json({ code: 404, message: '图片不存在' });
    });
  });

  route(WRITING_TALKS, async (req) => {
    const trashed =
      parse(z.object({ trashed: z.enum(['0', '1'], { error: 'trashed 只能是 0 或 1' }).default('0') }), req.query)
        .trashed === '1';
    return talks.list(trashed);
  });
  route(WRITING_CREATE_TALK, async (req) => {
    const admin = adminOf(req);
    const saved = await talks.save(null, parse(talkBody, req.body), admin.id);
    await audit.record(admin.id, 'talk.create', `talk:${saved.id}`);
    return saved;
  });
  route(WRITING_SAVE_TALK, async (req) => {
    const admin = adminOf(req);
    const { id } = parse(idParams, req.params);
    const saved = await talks.save(id, parse(talkBody, req.body), admin.id);
    await audit.record(admin.id, 'talk.save', `talk:${id}`);
    return saved;
  });
  binRoutes(
    route,
    'talk',
    { trash: WRITING_TRASH_TALK, restore: WRITING_RESTORE_TALK, destroy: WRITING_DESTROY_TALK },
    talks,
    audit,
  );

  route(WRITING_TAXONOMY, () => articles.taxonomies());
  route(WRITING_RENAME_TAXONOMY, async (req) => {
    const admin = adminOf(req);
    const { kind, from, to } = parse(renameBody, req.body);
    const changed = await articles.renameName(kind, from, to, admin.id);
    await audit.record(admin.id, `${kind}.rename`, `${kind}:${from}`, to);
    return { changed };
  });

  route(WRITING_PUBLISH_STATE, () => publisher.currentState());
  route(WRITING_PUBLISH, async (req) => {
    publisher.request();
    await audit.record(adminOf(req).id, 'site.publish', 'site');
    return publisher.currentState();
  });
  return router;
}
