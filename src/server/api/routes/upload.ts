import busboy from 'busboy';
import { Router, type Request } from 'express';
import { MAX_IMAGE_BYTES } from '../../../contract/limits.ts';
import type { UploadService } from '../../uploads/service.ts';
import { addressKey } from '../../users/places.ts';
import { requireUser } from '../authenticate.ts';
import { ApiError, badRequest } from '../envelope.ts';
import { spend } from '../middleware.ts';
import { BUDGETS } from '../../../contract/budgets.ts';
import { API } from '../../../contract/endpoints.ts';
import { UPLOAD_IMAGE } from '../../../contract/routes.ts';
import { groupRouter } from '../endpoints.ts';

const tooLarge = (maxBytes: number) => new ApiError(413, `图片不能超过 ${maxBytes / 1024 / 1024} MB`);

/** Reads the one `file` part of a multipart body, stopping at `maxBytes`. */
export function readImageUpload(req: Request, maxBytes = MAX_IMAGE_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (!req.is('multipart/form-data')) return reject(badRequest('请以 multipart/form-data 上传图片', ['file']));
    if (Number(req.get('Content-Length') || 0) > maxBytes + 64 * 1024) return reject(tooLarge(maxBytes));
    let parser: busboy.Busboy;
    try {
      // busboy signals its limit on reaching it, not on passing it: one byte more lets exactly maxBytes through.
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes + 1, fields: 4, parts: 6 } });
    } catch {
      return reject(badRequest('上传的内容格式有误', ['file']));
    }
    let found = false;
    parser.on('file', (name, stream) => {
      if (name !== 'file') return void stream.resume();
      found = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => reject(tooLarge(maxBytes)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
    parser.on('error', () => reject(badRequest('上传的内容格式有误', ['file'])));
    parser.on('close', () => !found && reject(badRequest('请选择要上传的图片', ['file'])));
    req.pipe(parser);
  });
}

export function uploadRoutes(uploads: UploadService): Router {
  const { router, route } = groupRouter(API.upload);
  route(UPLOAD_IMAGE, spend(BUDGETS.imageUpload), async (req) => {
    const user = requireUser(req);
    const uploader = { userId: user.id, address: addressKey(req.ip ?? '') };
    // A user over the day's quota is told so before the body is read (the server drops the rest: linger.ts).
    await uploads.checkQuota(uploader);
    const bytes = await readImageUpload(req);
    if (bytes.length === 0) throw badRequest('图片是空的', ['file']);
    return { url: await uploads.save(uploader, bytes) };
  });
  return router;
}
