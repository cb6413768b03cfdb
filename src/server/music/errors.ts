/** Failures of /wapi: NeteaseCloudMusicApi's `{code, msg}` with the HTTP status to match. */
export class MusicError extends Error {
  status: number;

  constructor(status: number, msg: string) {
    super(msg);
    this.status = status;
  }
}

export const musicBody = (error: MusicError) => ({ code: error.status, msg: error.message });

export const badParam = (msg: string) => new MusicError(400, msg);
export const notFound = (msg: string) => new MusicError(404, msg);
export const UPSTREAM_TIMEOUT_MSG = '音乐服务暂时不可用，请稍后再试';
