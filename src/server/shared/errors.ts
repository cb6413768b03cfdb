/**
 * Errors the domains (accounts, uploads) throw without knowing about HTTP; the API turns them
 * into envelopes in `apiErrors` (api/middleware.ts):
 * InvalidInput and Refused → 400 naming the fields, SignInRequired → 401, NotYours → 403, NotFound → 404, Conflict → 409 with
 * the thing as it is now, RetryLater → 429 with Retry-After.
 */

/** The input is wrong, such as a username already taken or a wrong password. */
export class InvalidInput extends Error {
  readonly fields?: string[];
  constructor(message: string, fields?: string[]) {
    super(message);
    this.name = 'InvalidInput';
    this.fields = fields;
  }
}

/** What was asked for does not exist. */
export class NotFound extends Error {
  constructor(message = '请求的内容不存在') {
    super(message);
    this.name = 'NotFound';
  }
}

/** Too many attempts or too much use: the caller may try again after `retryAfterMs`. */
export class RetryLater extends Error {
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.name = 'RetryLater';
    this.retryAfterMs = retryAfterMs;
  }
}

/** The input is well formed but not allowed for this user, such as someone else's upload as an avatar. */
export class Refused extends Error {
  readonly fields?: string[];
  constructor(message: string, fields?: string[]) {
    super(message);
    this.name = 'Refused';
    this.fields = fields;
  }
}

/** The thing exists but belongs to someone else, such as another user's comment to delete. */
export class NotYours extends Error {
  constructor(message = '没有权限操作别人的内容') {
    super(message);
    this.name = 'NotYours';
  }
}

/** A wait in words a reader understands: 「40 秒」「3 分钟」「2 小时」「30 天」, always rounded up. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.ceil(minutes / 60);
  if (hours <= 48) return `${hours} 小时`;
  return `${Math.ceil(hours / 24)} 天`;
}

/** The thing changed since the caller read it, such as a Markdown file edited by hand; `current` is how it is now. */
export class Conflict<T = unknown> extends Error {
  readonly current: T;
  constructor(message: string, current: T) {
    super(message);
    this.name = 'Conflict';
    this.current = current;
  }
}

/** Only a logged-in user may do this, such as commenting while the owner allows no guests. */
export class SignInRequired extends Error {
  constructor(message = '请先登录') {
    super(message);
    this.name = 'SignInRequired';
  }
}
