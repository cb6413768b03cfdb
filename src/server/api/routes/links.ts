/** Download entries (docs/api.md §11): anyone reads the approved list; users apply; admins review. */
import { Router, type RequestHandler } from 'express';
import { z } from 'astro/zod';
import { LINK_REVIEW_MAX_IDS, LINK_URL_MAX_LENGTH } from '../../../contract/limits.ts';
import { LINK_STATUS } from '../../../contract/links.ts';
import { linkDescProblem, linkNameProblem, linkUrlProblem } from '../../../lib/shared/linkRules.ts';
import type { AuditLog } from '../../admin/audit.ts';
import type { LinkService } from '../../links/service.ts';
import { requireAdmin, requireUser } from '../authenticate.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { checkedText, id, idList, inputSchema, NOT_AN_OBJECT, paging, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import { LINK_ADD, LINK_APPROVE, LINK_LIST, LINK_MINE, LINK_REJECT, LINK_UPDATE } from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const text = (label: string, problem: (value: string) => string | null) =>
  checkedText(
    z.string({ error: (issue) => (issue.input === undefined ? `请填写${label}` : `${label}必须是文字`) }),
    problem,
  );

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
const addBody = inputSchema(LINK_ADD, z.object(fields, NOT_AN_OBJECT));
const updateBody = inputSchema(LINK_UPDATE, z.object({ id: id(), ...fields }, NOT_AN_OBJECT));
const reviewBody = inputSchema(
  [LINK_APPROVE, LINK_REJECT],
  z.object({ idList: idList('申请', '审核', LINK_REVIEW_MAX_IDS) }, NOT_AN_OBJECT),
);

export function linkRoutes(links: LinkService, audit: Pick<AuditLog, 'record'>): Router {
  const { router, route } = groupRouter(API.link);
  const applyLimit = spend(BUDGETS.linkApplication);

  route(LINK_LIST, (req) => {
    const { current, size } = parse(z.object(paging, NOT_AN_OBJECT), req.body);
    return links.listApproved(current, size);
  });
  route(LINK_MINE, (req) => links.mine(requireUser(req).id));
  // Checked before the budget, so fixing a refused form is not counted as applying.
  const checked =
    (schema: typeof addBody | typeof updateBody): RequestHandler =>
    (req, res, next) => {
      res.locals.applicant = requireUser(req);
      res.locals.link = parse(schema, req.body);
      next();
    };
  route(LINK_ADD, checked(addBody), applyLimit, (_req, res) => links.add(res.locals.applicant.id, res.locals.link));
  route(LINK_UPDATE, checked(updateBody), applyLimit, (_req, res) => {
    const { id, ...changes } = res.locals.link as z.output<typeof updateBody>;
    return links.update(res.locals.applicant.id, id, changes);
  });
  for (const [reviewRoute, verdict, status] of [
    [LINK_APPROVE, 'approve', LINK_STATUS.approved],
    [LINK_REJECT, 'reject', LINK_STATUS.rejected],
  ] as const) {
    route(reviewRoute, async (req) => {
      const admin = requireAdmin(req);
      const changed = await links.review(parse(reviewBody, req.body).idList, status, admin.id);
      for (const link of changed) await audit.record(admin.id, `link.${verdict}`, `link:${link.id}`, link.site_name);
    });
  }
  return router;
}
