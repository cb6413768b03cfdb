/** What an HTTP error status means to a reader, for the API's envelope and the site's error pages alike. */
const MESSAGES: Record<number, string> = {
  400: '请求无效：地址或内容格式不正确',
  404: '请求的内容不存在',
  405: '不支持该请求方法',
  412: '请求的前提条件不成立',
  413: '请求内容过大',
  415: '不支持的请求内容类型',
  500: '服务器开小差了，请稍后再试',
};

/** Errors from Express and its parsers (a body that does not decompress, a cut-off upload) carry the client's mistake as a 4xx status. */
export function clientErrorStatus(error: unknown): number | null {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const found = status ?? statusCode;
  return typeof found === 'number' && found >= 400 && found < 500 ? found : null;
}

export const messageForStatus = (status: number): string =>
  MESSAGES[status] ?? (status < 500 ? MESSAGES[400] : MESSAGES[500]);
