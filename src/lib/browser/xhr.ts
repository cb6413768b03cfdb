/** What every call a page makes by script says: the server refuses a state-changing call without it (src/server/api/middleware.ts, `requireXhr`). */
export const XHR_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' } as const;
