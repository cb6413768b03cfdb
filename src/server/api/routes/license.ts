/** The license API for the desktop tools (docs/api.md §10.2): so far, the key they verify offline with. */
import { Router } from 'express';
import { ok } from '../envelope.ts';

export function licenseRoutes({ publicKeyPem }: { publicKeyPem: string }): Router {
  const router = Router();
  router.get('/public-key', (_req, res) => void res.json(ok(publicKeyPem)));
  return router;
}
