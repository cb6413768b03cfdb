/** The /wapi router: validation, one provider for the listed endpoints, and nothing else. */
import { Router, type ErrorRequestHandler } from 'express';
import { MUSIC_API } from '../../contract/endpoints.ts';
import { route } from './budget.ts';
import { MusicError, musicBody } from './errors.ts';
import { parseQuery, QUERIES, type Endpoint, type MusicProvider } from './query.ts';

export function musicRouter(provider: MusicProvider, files?: Router): Router {
  const router = Router();
  router.use((req, res, next) => {
    // The player asks for /wapi//song/detail; the doubled slash must name the same endpoint.
    if (req.url.startsWith('//')) req.url = req.url.replace(/^\/+/, '/');
    res.set('Cache-Control', 'no-store');
    next();
  });
  for (const endpoint of Object.keys(QUERIES) as Endpoint[]) {
    route(router, MUSIC_API.endpoints[endpoint], async (req, res) => {
      const { status, body } = await provider.answer(endpoint, parseQuery(endpoint, req.query));
      res.status(status).json(body);
    });
  }
  if (files) router.use(files);
  // Anything unlisted stops here, so /wapi is never an open proxy.
  router.use((_req, res) => void res.status(404).json(musicBody(new MusicError(404, '接口不存在'))));
  const errors: ErrorRequestHandler = (error, _req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof MusicError) {
      res.status(error.status).json(musicBody(error));
      return;
    }
    console.error(error);
    res.status(500).json(musicBody(new MusicError(500, '服务器开小差了，请稍后再试')));
  };
  router.use(errors);
  return router;
}
