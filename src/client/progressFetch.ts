/**
 * `fetch` for an upload whose progress the page shows: fetch cannot tell how much of a body has
 * gone, XMLHttpRequest can. It answers a Response as fetch does, so the request client's rules
 * (the envelope, notices, a lost session) stay the same; its abort signal is fetch's too. An
 * upload that moves no byte for `stallMs` is given up as timed out, however long the whole may take.
 */
export function progressFetch(onProgress: (loaded: number, total: number) => void, stallMs = 30_000): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', String(input));
      xhr.withCredentials = init.credentials === 'include';
      for (const [name, value] of new Headers(init.headers).entries()) xhr.setRequestHeader(name, value);
      let timedOut = false;
      let stall: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(stall);
        stall = setTimeout(() => {
          timedOut = true;
          xhr.abort();
        }, stallMs);
      };
      arm();
      xhr.upload.addEventListener('progress', (event) => {
        arm();
        onProgress(event.loaded, event.lengthComputable ? event.total : 0);
      });
      // The server's work after the last byte (shrinking a photo) is waited for in full.
      xhr.upload.addEventListener('load', () => clearTimeout(stall));
      xhr.addEventListener('load', () => {
        clearTimeout(stall);
        // The request client reads only the status and the JSON body.
        resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
      });
      xhr.addEventListener('error', () => {
        clearTimeout(stall);
        reject(new TypeError('网络连接失败'));
      });
      xhr.addEventListener('abort', () => {
        clearTimeout(stall);
        const signalled = init.signal?.reason;
        reject(
          timedOut
            ? new DOMException('上传停滞', 'TimeoutError')
            : signalled instanceof DOMException
              ? signalled
              : new DOMException('已取消', 'AbortError'),
        );
      });
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      if (init.signal?.aborted) return xhr.abort();
      xhr.send(init.body as XMLHttpRequestBodyInit | null);
    });
}
