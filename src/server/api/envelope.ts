/** Builds the API's answers `{code, message, result}` (src/contract/envelope.ts) and its errors. */
import {
  SUCCESS_CODE,
  TIP_CODE,
  type Envelope,
  type ErrorDetail,
  type ErrorEnvelope,
} from '../../contract/envelope.ts';

export const ok = <T>(result: T): Envelope<T> => ({ code: SUCCESS_CODE, message: 'success', result });

/** A tip: HTTP 200, its result as usual, and a message shown to the reader as a notice titled 温馨提示. */
export class Tip<T> {
  readonly message: string;
  readonly result: T;

  constructor(message: string, result: T) {
    this.message = message;
    this.result = result;
  }
}

export const tip = <T>(message: string, result: T): Tip<T> => new Tip(message, result);

export const tipBody = <T>({ message, result }: Tip<T>): Envelope<T> => ({ code: TIP_CODE, message, result });

export class ApiError extends Error {
  status: number;
  fields?: string[];
  headers?: Record<string, string>;
  /** More for the client to read than the message, such as a license refusal's code. */
  detail?: ErrorDetail;

  constructor(
    status: number,
    message: string,
    options: { fields?: string[]; headers?: Record<string, string>; detail?: ErrorDetail } = {},
  ) {
    super(message);
    this.status = status;
    this.fields = options.fields;
    this.headers = options.headers;
    this.detail = options.detail;
  }
}

export const badRequest = (message: string, fields?: string[]) => new ApiError(400, message, { fields });
export const notFound = (message = '请求的内容不存在') => new ApiError(404, message);
export const forbidden = (message = '权限不足') => new ApiError(403, message);

export function errorBody(error: ApiError): ErrorEnvelope {
  const result = { ...error.detail, ...(error.fields ? { fields: error.fields } : {}) };
  return { code: error.status, message: error.message, ...(Object.keys(result).length ? { result } : {}) };
}
