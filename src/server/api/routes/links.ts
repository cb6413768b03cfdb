/** Download entries (docs/api.md §11): anyone reads the approved list; users apply; admins review. */
import { Router, type RequestHandler } from 'express';
import { z } from 'astro/zod';
import type { Page } from '../../../contract/envelope.ts';
import { LINK_REVIEW_MAX_IDS, LINK_URL_MAX_LENGTH } from '../../../contract/limits.ts';
import { LINK_STATUS, type LinkDraft, type LinkItem, type LinkReview, type LinkUpdate } from '../../../contract/links.ts';
import { linkDescProblem, linkNameProblem, linkUrlProblem } from '../../../lib/shared/linkRules.ts';
import type { AuditLog } from '../../admin/audit.ts';
import type { LinkService } from '../../links/service.ts';
import { requireAdmin, requireUser } from '../authenticate.ts';
import { ok } from '../envelope.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { checkedText, id, idList, NOT_AN_OBJECT, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import { groupRouter } from '../endpoints.ts';

const text = (label: string, problem: (value: string) => string | null) =>
  checkedText(z.string({ error: (issue) => (issue.input === undefined ? `请填写${label}` : `${label}必须是文字`) }), problem);

const fields = {
  site_name: text('名称', linkNameProblem),
  site_desc: text('简介', linkDescProblem),
  url: text('下载地址', linkUrlProblem),
  site_avatar: z
    .union([z.string(), z.null()], { error: '图标必须是图片地址' })
    .transform((value) => (value ?? '').trim())
    .refine((value) => value.length <= LINK_URL_MAX_LENGTH, { error: `图标地址最长 ${LINK_URL_MAX_LENGTH} 个字符` })
    .default(''),
};
const addBody = z.object(fields, NOT_AN_OBJECT) satisfies z.ZodType<LinkDraft>;
const updateBody = z.object({ id: id(), ...fields }, NOT_AN_OBJECT) satisfies z.ZodType<LinkUpdate>;
const reviewBody = z.object(
  {
    idList: idList('申请', '审核', LINK_REVIEW_MAX_IDS),
  },
  NOT_AN_OBJECT,
) satisfies z.ZodType<LinkReview>;

export function linkRoutes(links: LinkService, audit: Pick<AuditLog, 'record'>): Router {
  const { router, route } = groupRouter(API.link);
  const applyLimit = spend(BUDGETS.linkApplication);

  route('list', async (req, res) => {
    const { current, size } = parse(z.object(paging, NOT_AN_OBJECT), req.body);
    res.json(ok((await links.listApproved(current, size)) satisfies Page<LinkItem>));
  });
  route('mine', async (req, res) => void res.json(ok((await links.mine(requireUser(req).id)) satisfies LinkItem[])));
  // Checked before the budget, so fixing a refused form is not counted as applying.
  const checked =
    (schema: typeof addBody | typeof updateBody): RequestHandler =>
    (req, res, next) => {
      res.locals.applicant = requireUser(req);
      res.locals.link = parse(schema, req.body);
      next();
    };
  route('add', checked(addBody), applyLimit, async (_req, res) => {
    res.json(ok((await links.add(res.locals.applicant.id, res.locals.link)) satisfies LinkItem));
  });
  route('update', checked(updateBody), applyLimit, async (_req, res) => {
    const { id, ...changes } = res.locals.link as z.output<typeof updateBody>;
    res.json(ok((await links.update(res.locals.applicant.id, id, changes)) satisfies LinkItem));
  });
  for (const [verdict, status] of [['approve', LINK_STATUS.approved], ['reject', LINK_STATUS.rejected]] as const) {
    route(verdict, async (req, res) => {
      const admin = requireAdmin(req);
      const changed = await links.review(parse(reviewBody, req.body).idList, status, admin.id);
      for (const link of changed) await audit.record(admin.id, `link.${verdict}`, `link:${link.id}`, link.site_name);
      res.json(ok(true));
    });
  }
  return router;
}
