/**
 * The pages that depend on who is logged in, or carry a one-time token in their address: the
 * sitemap leaves them out (astro.config.mjs), and the offline worker never keeps them
 * (offline/rules.ts).
 */
export const PERSONAL_PAGES =
  /^\/(login|register|forgotPassword|resetPassword|verifyEmail|undoEmailChange|confirmGuestEmail|userCenter|message\/(publish|detail)|pay\/order|link\/apply)(\/|$)/;
