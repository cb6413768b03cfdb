import { z } from 'astro/zod';
import { Router } from 'express';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_INPUT_MAX_LENGTH } from '../../../contract/limits.ts';
import { cleanNickName, nickNameProblem, passwordProblem, usernameProblem } from '../../../lib/shared/accountRules.ts';
import { isUploadedImagePath } from '../../uploads/images.ts';
import type { AccountRecovery } from '../../users/recovery.ts';
import type { UserService } from '../../users/service.ts';
import { hashToken } from '../../users/sessions.ts';
import { requireUser } from '../authenticate.ts';
import { deviceTokenOf, type Cookies } from '../cookies.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { id, inputSchema, linkTokenBody, NOT_AN_OBJECT, parse } from '../validate.ts';
import { API } from '../../../contract/endpoints.ts';
import {
  USER_CHANGE_PASSWORD,
  USER_FORGOT_PASSWORD,
  USER_INFO,
  USER_LOGIN,
  USER_LOGOUT,
  USER_PUBLIC_PROFILE,
  USER_REGISTER,
  USER_RESET_PASSWORD,
  USER_UNDO_EMAIL_CHANGE,
  USER_UPDATE,
  USER_VERIFY_EMAIL,
} from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A zod rule from one of the shared account rules, so forms and server word problems alike. */
const rule = (problem: (value: string) => string | null, missing: string) =>
  z.string({ error: missing }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const username = rule(usernameProblem, '请输入用户名');
const password = (label: string) => rule((v) => passwordProblem(v, label), `请输入${label}`);
const nickName = z
  .string({ error: '昵称必须是文字' })
  .transform(cleanNickName)
  .superRefine((value, ctx) => {
    const message = nickNameProblem(value) ?? (CONTROL.test(value) ? '昵称不能包含控制字符' : null);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

const registerBody = inputSchema(
  USER_REGISTER,
  z.object({ username, password: password('密码'), nick_name: nickName.optional() }, NOT_AN_OBJECT),
);
const loginBody = inputSchema(
  USER_LOGIN,
  z.object(
    {
      username: z
        .string({ error: '请输入用户名' })
        .min(1, { error: '请输入用户名' })
        .max(USERNAME_INPUT_MAX_LENGTH, { error: '用户名或密码错误' }),
      password: z
        .string({ error: '请输入密码' })
        .min(1, { error: '请输入密码' })
        .max(PASSWORD_MAX_LENGTH, { error: '用户名或密码错误' }),
      cookie: z.boolean({ error: 'cookie 必须是 true 或 false' }).optional(),
    },
    NOT_AN_OBJECT,
  ),
);
const email = z
  .string({ error: '请输入邮箱' })
  .trim()
  .min(1, { error: '请输入邮箱' })
  .max(EMAIL_MAX_LENGTH, { error: `邮箱最长 ${EMAIL_MAX_LENGTH} 个字符` })
  .pipe(z.email({ error: '邮箱格式不对' }));
const updateBody = inputSchema(
  USER_UPDATE,
  z
    .object(
      {
        nick_name: nickName.refine((v) => v.length > 0, { error: '昵称不能为空' }).optional(),
        avatar: z
          .string({ error: '头像地址有误' })
          .refine((v) => v === '' || isUploadedImagePath(v), { error: '头像必须是上传的图片' })
          .optional(),
        email: z.union([z.literal(''), email]).optional(),
        /** The account's password, which replacing a verified address takes. */
        password: z.string({ error: '请输入当前密码' }).max(PASSWORD_MAX_LENGTH, { error: '原密码不正确' }).optional(),
        mail_on_reply: z.boolean({ error: 'mail_on_reply 必须是 true 或 false' }).optional(),
        mail_on_owner: z.boolean({ error: 'mail_on_owner 必须是 true 或 false' }).optional(),
      },
      NOT_AN_OBJECT,
    )
    .refine(({ password: _, ...changes }) => Object.values(changes).some((value) => value !== undefined), {
      error: '没有需要修改的内容',
    }),
);
const forgotBody = inputSchema(USER_FORGOT_PASSWORD, z.object({ email }, NOT_AN_OBJECT));
const resetBody = inputSchema(USER_RESET_PASSWORD, linkTokenBody.extend({ password: password('新密码') }));
const verifyBody = inputSchema([USER_VERIFY_EMAIL, USER_UNDO_EMAIL_CHANGE], linkTokenBody);
const passwordBody = inputSchema(
  USER_CHANGE_PASSWORD,
  z
    .object(
      {
        password: z.string({ error: '请输入原密码' }).min(1, { error: '请输入原密码' }),
        password1: password('新密码'),
        password2: z.string({ error: '请再次输入新密码' }),
      },
      NOT_AN_OBJECT,
    )
    .refine((b) => b.password1 === b.password2, { error: '两次输入的新密码不一致', path: ['password2'] })
    .refine((b) => b.password1 !== b.password, { error: '新密码不能与原密码相同', path: ['password1'] }),
);

export function userRoutes(users: UserService, recovery: AccountRecovery, cookies: Cookies): Router {
  const { router, route } = groupRouter(API.user);

  route(USER_REGISTER, spend(BUDGETS.register), (req) => users.register(parse(registerBody, req.body)));
  route(USER_LOGIN, spend(BUDGETS.login), async (req, res) => {
    const { cookie, ...credentials } = parse(loginBody, req.body);
    const { result, deviceToken } = await users.login(credentials, {
      ip: req.ip ?? 'unknown',
      deviceToken: deviceTokenOf(req),
    });
    // Too late: a 408 went out (or the client left), so nobody will ever hold this token. It must
    // not stay valid, an unknown login nobody can end; and there is no answer left to set cookies on
    // (nor to write the result to: `route` writes nothing once an answer has gone).
    if (res.headersSent || res.destroyed) {
      await users.sessions.revoke(hashToken(result.token));
      return result;
    }
    // Only a client that asked for it gets the session cookie: one that logs out by forgetting its token would stay logged in by it.
    if (cookie) cookies.setSession(req, res, result.token, users.sessions.policy.ttlMs);
    cookies.setDevice(req, res, deviceToken);
    return result;
  });
  route(USER_LOGOUT, async (req, res) => {
    await users.logout(requireUser(req));
    cookies.clearSession(req, res);
  });
  route(USER_INFO, (req) => users.info(requireUser(req).id));
  route(USER_PUBLIC_PROFILE, (req) => users.publicProfile(parse(z.object({ id: id() }), req.params).id));
  route(USER_UPDATE, async (req) => {
    const user = requireUser(req);
    const { email: address, password, ...changes } = parse(updateBody, req.body);
    const origin = { ip: req.ip ?? 'unknown', deviceToken: deviceTokenOf(req) };
    if (address !== undefined)
      await recovery.setEmail(user.id, address, password, (given) => users.confirmPassword(user, given, origin));
    return Object.values(changes).some((value) => value !== undefined)
      ? users.update(user.id, changes)
      : users.info(user.id);
  });
  // The same answer whether the address is known or not: it tells nobody who has an account.
  route(USER_FORGOT_PASSWORD, spend(BUDGETS.forgotPassword), (req) => {
    recovery.forgotPassword(parse(forgotBody, req.body).email);
  });
  const tokenAttempts = spend(BUDGETS.tokenAttempt);
  route(USER_RESET_PASSWORD, tokenAttempts, async (req) => {
    const body = parse(resetBody, req.body);
    await recovery.resetPassword(body.token, body.password);
  });
  route(USER_VERIFY_EMAIL, tokenAttempts, async (req) => {
    await recovery.verifyEmail(parse(verifyBody, req.body).token);
  });
  route(USER_UNDO_EMAIL_CHANGE, tokenAttempts, async (req) => {
    await recovery.undoEmailChange(parse(verifyBody, req.body).token);
  });
  route(USER_CHANGE_PASSWORD, async (req) => {
    const user = requireUser(req);
    await users.changePassword(user, parse(passwordBody, req.body), {
      ip: req.ip ?? 'unknown',
      deviceToken: deviceTokenOf(req),
    });
  });
  return router;
}
