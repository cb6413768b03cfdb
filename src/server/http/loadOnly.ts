/**
 * Imported first by server.ts. When `npm run build` loads the server only to fill Node's compile
 * cache (serverSettings.ts), every module of the server's graph has been read and compiled by the
 * time this runs, and none of the others has run: this stops the process before anything opens or
 * listens. It stays synchronous, so that no other module runs while it would wait.
 */
import { flushCompileCache } from 'node:module';
// The group commit's thread loads this module on its own: compiled here, it finds it in the cache too.
import '../db/groupCommitThread.ts';
import { LOAD_ONLY } from './serverSettings.ts';

if (process.env[LOAD_ONLY] === '1') {
  flushCompileCache();
  console.log(`${LOAD_ONLY}=1：只加载了服务器的模块（填好编译缓存），不启动服务器`);
  process.exit(0);
}
