/** The `/api` router: envelope, body limit, XHR rule and timeout around each domain's routes. */
import { Router } from 'express';
import type { ArticleService } from '../articles/service.ts';
import type { CommentService } from '../comments/service.ts';
import type { LikeService } from '../likes/service.ts';
import { likeRoutes } from './routes/likes.ts';
import type { MessageService } from '../messages/service.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { LicenseService } from '../licenses/service.ts';
import type { LinkService } from '../links/service.ts';
import type { Shop } from '../shop/index.ts';
import type { SiteService } from '../site/service.ts';
import type { TalkService } from '../talks/service.ts';
import type { UserService } from '../users/service.ts';
import { withDevice } from './actor.ts';
import { authenticate } from './authenticate.ts';
import { imageAddresses } from './imageUrls.ts';
import { adminRoutes, type AdminServices } from './routes/admin.ts';
import { writingRoutes } from './routes/writing.ts';
import type { Writing } from '../writing/index.ts';
import type { Cookies } from './cookies.ts';
import { BUDGETS } from '../../contract/budgets.ts';
import { API, type ApiGroup } from '../../contract/endpoints.ts';
import { mountPath } from './endpoints.ts';
import { FEATURE_APIS, FEATURES, type Feature, type FeatureSwitches } from '../../lib/shared/features.ts';
import { apiErrors, apiNotFound, jsonBody, requireXhr, spend, timeout } from './middleware.ts';
import { articleRoutes } from './routes/articles.ts';
import { commentRoutes } from './routes/comments.ts';
import { messageRoutes } from './routes/messages.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { licenseRoutes } from './routes/license.ts';
import { linkRoutes } from './routes/links.ts';
import { shopRoutes } from './routes/shop.ts';
import { siteRoutes } from './routes/site.ts';
import { talkRoutes } from './routes/talks.ts';
import { uploadRoutes } from './routes/upload.ts';
import type { AccountRecovery } from '../users/recovery.ts';
import { userRoutes } from './routes/users.ts';

export interface ApiServices {
  site: SiteService;
  articles: ArticleService;
  users: UserService;
  recovery: AccountRecovery;
  comments: CommentService;
  /** One for every kind of like, whichever route a client uses (each domain's own or the generic ones). */
  likes: LikeService;
  notifications: NotificationService;
  talks: TalkService;
  messages: MessageService;
  shop: Shop;
  links: LinkService;
  /** The console's own services; the rest are shared with the public routes. */
  admin: Pick<AdminServices, 'audit' | 'dashboard' | 'moderation' | 'people' | 'sales' | 'commentRules' | 'exportAll'>;
  licenses: LicenseService;
  licensePublicKeyPem: string;
  writing: Writing;
}

export interface ApiOptions {
  /** The session and device cookies, set up once at start (see createCookies). */
  cookies: Cookies;
  /** `SITE_URL`'s origin, for absolute image addresses; null to use the address each request came to. */
  siteOrigin?: string | null;
  /** The parts of the site that are on, asked on each request (they follow the live build): the API of a part switched off answers 404. */
  features?: () => FeatureSwitches;
}

export function apiRouter(services: ApiServices, { cookies, siteOrigin = null, features }: ApiOptions): Router {
  const api = Router();
  const isOn = (feature: Feature) => !features || features()[feature];
  const partOf = new Map(
    FEATURES.flatMap((feature) => FEATURE_APIS[feature].map((path): [string, Feature] => [path, feature])),
  );
  // A switched-off part's router is passed by: its paths meet the 404 below, however they are
  // spelled (the router matches them case-insensitively, which a test of the path beside it would not).
  const mounted = new Set<string>();
  const mount = (group: ApiGroup, router: Router) => {
    const path = mountPath(group);
    mounted.add(path);
    const part = partOf.get(path);
    if (!part) return void api.use(path, router);
    // Leaving the gated router ('router') goes on to the routes after it, while the part is off.
    const gated = Router();
    gated.use((_req, _res, next) => next(isOn(part) ? undefined : 'router'));
    gated.use(router);
    api.use(path, gated);
  };
  api.use((_req, res, next) => {
    // Answers depend on the database and the reader; never let a shared cache keep them.
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(timeout());
  api.use(requireXhr());
  api.use(jsonBody());
  api.use(imageAddresses(siteOrigin));
  api.use(authenticate(services.users.sessions, cookies));
  const device = withDevice(cookies);
  // One count for liking, whichever route a client uses (each domain's own routes or the generic ones).
  const likeGate = [device, spend(BUDGETS.like), spend(BUDGETS.likePerAddress)];
  const liking = { likes: services.likes, likeGate, device };
  // Each group's router at its prefix in the endpoint table; the console's writing group before the rest of the console.
  mount(API.site, siteRoutes(services.site, device));
  mount(API.article, articleRoutes(services.articles, liking));
  mount(API.like, likeRoutes(liking));
  mount(API.comment, commentRoutes(services.comments, { ...liking, cookies }));
  mount(API.notification, notificationRoutes(services.notifications));
  mount(API.message, messageRoutes(services.messages, liking));
  mount(API.talk, talkRoutes(services.talks, liking));
  mount(API.link, linkRoutes(services.links, services.admin.audit));
  mount(API.shop, shopRoutes({ ...services.shop, audit: services.admin.audit }));
  mount(API.writing, writingRoutes(services.writing, services.admin.audit));
  mount(
    API.admin,
    adminRoutes({
      ...services.admin,
      comments: services.comments,
      messages: services.messages,
      links: services.links,
      recovery: services.recovery,
    }),
  );
  mount(API.license, licenseRoutes({ licenses: services.licenses, publicKeyPem: services.licensePublicKeyPem }));
  mount(API.user, userRoutes(services.users, services.recovery, cookies));
  mount(API.upload, uploadRoutes(services.users.uploads));
  // A part's path that names no group would leave that part on when switched off.
  const unknown = Object.values(FEATURE_APIS)
    .flat()
    .filter((path) => !mounted.has(path));
  if (unknown.length) throw new Error(`FEATURE_APIS 里的 ${unknown.join('、')} 不是任何接口组的路径`);
  api.use(apiNotFound());
  api.use(apiErrors());
  return api;
}
