/**
 * The license API the desktop tools call (docs/api.md §10.3). Limited per address and per key, so
 * neither one client nor one leaked key can hammer it.
 */
import { Router, type ErrorRequestHandler, type Request } from 'express';
import { z } from 'astro/zod';
import { FINGERPRINT_MAX_LENGTH, MACHINE_NAME_MAX_CHARS } from '../../../contract/limits.ts';
import type { LicenseCode } from '../../../contract/shop.ts';
import { charCount, hasControlCharacters } from '../../../lib/shared/text.ts';
import { hashLicenseKey } from '../../licenses/keys.ts';
import { LicenseRefused, type LicenseService } from '../../licenses/service.ts';
import { ApiError } from '../envelope.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { inputSchema, NOT_AN_OBJECT, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  LICENSE_ACTIVATE,
  LICENSE_DEACTIVATE,
  LICENSE_PUBLIC_KEY,
  LICENSE_VALIDATE,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const key = z
  .string({ error: '请提供授权码 key' })
  .trim()
  .min(1, { error: '请提供授权码 key' })
  .max(4096, { error: '授权码过长' });
const fingerprint = z
  .string({ error: '请提供机器指纹 fingerprint' })
  .trim()
  .min(1, { error: '请提供机器指纹 fingerprint' })
  .max(FINGERPRINT_MAX_LENGTH, { error: `机器指纹最长 ${FINGERPRINT_MAX_LENGTH} 个字符` })
  .regex(/^[\x21-\x7e]+$/, { error: '机器指纹只能由可见的 ASCII 字符组成' });
const machineName = z
  .string({ error: '机器名称必须是文字' })
  .trim()
  .refine((value) => charCount(value) <= MACHINE_NAME_MAX_CHARS, {
    error: `机器名称最多 ${MACHINE_NAME_MAX_CHARS} 个字`,
  })
  .refine((value) => !hasControlCharacters(value), { error: '机器名称不能包含控制字符' });
const activateBody = inputSchema(
  LICENSE_ACTIVATE,
  z.object({ key, fingerprint, name: machineName.default('') }, NOT_AN_OBJECT),
);
const checkBody = inputSchema([LICENSE_VALIDATE, LICENSE_DEACTIVATE], z.object({ key, fingerprint }, NOT_AN_OBJECT));

/** How each refusal reads over HTTP: a bad key is the caller's mistake, a dead one is forbidden, a full plan a conflict. */
const STATUS_OF: Record<Exclude<LicenseCode, 'VALID'>, number> = {
  INVALID: 400,
  NOT_ACTIVATED: 404,
  EXPIRED: 403,
  REVOKED: 403,
  MACHINE_LIMIT: 409,
};

const refusals: ErrorRequestHandler = (error, _req, _res, next) =>
  next(
    error instanceof LicenseRefused
      ? new ApiError(STATUS_OF[error.code], error.message, { detail: { code: error.code } })
      : error,
  );

/** The key's hash names its budget; a body without a key shares one budget with every other. */
const keyOf = (req: Request) => {
  const given = (req.body as { key?: unknown } | undefined)?.key;
  return typeof given === 'string' ? hashLicenseKey(given) : 'none';
};

export function licenseRoutes({ licenses, publicKeyPem }: { licenses: LicenseService; publicKeyPem: string }): Router {
  const { router, route } = groupRouter(API.license);
  const perIp = spend(BUDGETS.licensePerAddress);
  const perKey = spend(BUDGETS.licensePerKey, keyOf);

  route(LICENSE_PUBLIC_KEY, () => publicKeyPem);
  route(LICENSE_ACTIVATE, perIp, perKey, (req) => {
    const { key, fingerprint, name } = parse(activateBody, req.body);
    return licenses.activate(key, fingerprint, name);
  });
  route(LICENSE_VALIDATE, perIp, perKey, (req) => {
    const { key, fingerprint } = parse(checkBody, req.body);
    return licenses.validate(key, fingerprint);
  });
  route(LICENSE_DEACTIVATE, perIp, perKey, (req) => {
    const { key, fingerprint } = parse(checkBody, req.body);
    return licenses.deactivate(key, fingerprint);
  });
  router.use(refusals);
  return router;
}
