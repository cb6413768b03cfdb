/**
 * The numbers both sides enforce (docs/api.md §5.1, §6, §7.6): the forms stop at them, the
 * server refuses past them. Islands import these freely: the build writes the values into the
 * chunks that use them.
 */

/** Search keywords, for articles and music (`keywords`); counted in UTF-16 units, as `maxLength` counts. */
export const KEYWORD_MAX_LENGTH = 50;

/** Usernames: ASCII letters or digits, case-insensitive. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
/**
 * What the username inputs and the login take: an over-long name typed into the register form
 * gets the rule's message instead of being cut off, and at login it reads like a wrong password.
 */
export const USERNAME_INPUT_MAX_LENGTH = 64;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** E-mail addresses (RFC 5321's longest path), and how often mail for them may be asked for. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_VERIFY_MAILS_PER_HOUR = 5;
/** Mails one address receives a day at most, whoever's action sends them. */
export const MAILS_PER_ADDRESS_PER_DAY = 20;
/** Of those, mails asking whether the address is the reader's (a verify link, a guest's confirm link). */
export const ASKING_MAILS_PER_ADDRESS_PER_DAY = 3;
/** How long the old address can undo a change of a verified address. */
export const EMAIL_UNDO_DAYS = 7;
/** How long a guest's confirm link works. */
export const GUEST_CONFIRM_DAYS = 7;
/** A mailed password-reset link works once, for this long. */
export const RESET_LINK_MINUTES = 30;
/** `forgotPassword` per address an hour; `resetPassword` and `verifyEmail` attempts per address in 15 minutes. */
export const FORGOT_PASSWORD_PER_HOUR = 5;
export const TOKEN_ATTEMPTS_PER_15_MINUTES = 20;

/** Nick-names, in characters (code points) after trimming. */
export const NICK_NAME_MAX_CHARS = 20;
/** The input's `maxLength` counts UTF-16 units, and a character outside the BMP (an emoji) takes two. */
export const NICK_NAME_INPUT_MAX_LENGTH = NICK_NAME_MAX_CHARS * 2;

/** `POST /api/upload/img`: the largest image the server takes. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/**
 * The largest image the server takes, in pixels: a small file can hold a huge picture (a PNG of
 * 20000 × 20000 px compresses to 1.5 MB), and every reader's browser must then decode it in full.
 */
export const MAX_IMAGE_SIDE_PX = 4096;
export const MAX_IMAGE_PIXELS = 16_000_000;
/** What the browser compresses an image to before uploading it. */
export const COMPRESS_TARGET_BYTES = 800 * 1024;

/** `POST /api/admin/writing/images`: an article's photo as a phone takes it (most are 3–8 MB, a 48-megapixel one near 20 MB). */
export const MAX_CONTENT_IMAGE_BYTES = 20 * 1024 * 1024;
/**
 * Its pixels, all frames together: the server shrinks it at once, so no reader ever decodes it
 * in full; this bounds the server's own work (a 100-megapixel image takes it about 110 MB and 2 s).
 */
export const MAX_CONTENT_IMAGE_PIXELS = 100_000_000;
/** The long side an article's image is kept at: shrunk in the browser before upload, and by the server. */
export const CONTENT_IMAGE_MAX_SIDE_PX = 2560;

/** `size` of a paged `/api` list: a larger one is capped, not refused. */
export const MAX_PAGE_SIZE = 50;

/** `/wapi`: the largest `limit` of a list, and the most `ids` in one `song/detail`. */
export const MUSIC_MAX_LIMIT = 100;
export const MUSIC_MAX_IDS = 100;
/** Calls to the music service per address and minute, for its data and for its covers each. */
export const MUSIC_CALLS_PER_MINUTE = 300;

/** `addReadingDuration/{id}/{duration}`: milliseconds per call; longer reading is sent in parts. */
export const MIN_READING_MS_PER_CALL = 1;
export const MAX_READING_MS_PER_CALL = 3_600_000;

/** Answers of a fixed length: the hot list, the search results, the articles sharing tags. */
export const HOT_ARTICLE_COUNT = 5;
export const SEARCH_RESULT_LIMIT = 8;
export const RELATED_ARTICLE_COUNT = 6;

/** Views, site views and reading time counted per address a minute; past it, answered but not counted. */
export const COUNTED_PER_MINUTE = 600;

/**
 * Per account when logged in, per device otherwise, and per address for everyone without an
 * account: likes of anything, comments; message-board posts (accounts only).
 */
export const LIKES_PER_MINUTE = 30;
export const COMMENTS_PER_MINUTE = 10;
export const MESSAGES_PER_MINUTE = 5;

/** Comments: 1 to 1000 characters of text (an emoji counts as one). */
export const COMMENT_MAX_CHARS = 1000;

/** Message-board posts: 1 to 500 characters of text after trimming (an emoji counts as one). */
export const MESSAGE_MAX_CHARS = 500;
/** A post's tag: empty, or 1 to 10 characters. */
export const MESSAGE_TAG_MAX_CHARS = 10;
/** A post's `font_size`, in whole pixels. */
export const MESSAGE_FONT_SIZE_MIN_PX = 12;
export const MESSAGE_FONT_SIZE_MAX_PX = 40;
/** The most posts one `delete` call takes. */
export const MESSAGE_DELETE_MAX_IDS = 50;
/** `getHotTagList`: the most tags it answers. */
export const HOT_TAG_COUNT = 10;

/**
 * The shop: how long an order waits for payment, and how many a buyer may have waiting. 易支付
 * confirms within seconds; a manual payment waits for the owner to see it (MANUAL_PAY_HOURS).
 */
export const EPAY_PAY_MINUTES = 15;
export const MANUAL_PAY_HOURS = 24;
export const MAX_PENDING_ORDERS = 3;
/**
 * A manual order the buyer says is paid (我已付款) waits this long for the owner's confirmation,
 * then expires like an unpaid one (the owner may still honour it); and a buyer may have at most
 * this many waiting, since each one mails the owner and takes the owner's time to check.
 */
export const REPORTED_WAIT_DAYS = 7;
export const MAX_REPORTED_ORDERS = 3;
export const ORDERS_PER_MINUTE = 5;
/** The license API, per address and per key. */
export const LICENSE_CALLS_PER_MINUTE_PER_IP = 30;
export const LICENSE_CALLS_PER_MINUTE_PER_KEY = 10;
/** A machine fingerprint and the name a tool gives the machine, in characters. */
export const FINGERPRINT_MAX_LENGTH = 128;
export const MACHINE_NAME_MAX_CHARS = 50;
/** How long a machine file from `validate` lets a tool run offline. */
export const MACHINE_FILE_DAYS = 7;

/** Download entries: name and description in characters, the address in UTF-16 units. */
export const LINK_NAME_MAX_CHARS = 30;
export const LINK_DESC_MAX_CHARS = 200;
export const LINK_URL_MAX_LENGTH = 500;
/** Applications and edits per user per hour; reviews per call. */
export const LINK_APPLICATIONS_PER_HOUR = 10;
export const LINK_REVIEW_MAX_IDS = 50;

/** Articles and talks, as the content schema checks them (src/lib/shared/contentSchema.ts), in characters. */
export const ARTICLE_TITLE_MAX = 100;
export const TAXONOMY_NAME_MAX = 20;
export const ARTICLE_TAGS_MAX = 8;
export const ARTICLE_DESCRIPTION_MAX = 200;
/** A long article is 30,000 characters; this leaves room. */
export const ARTICLE_BODY_MAX = 200_000;
export const TALK_IMAGES_MAX = 9;
export const TALK_BODY_MAX = 2_000;

/** A guest's site address (comments without an account), in characters. */
export const GUEST_SITE_MAX_LENGTH = 200;
/** The owner's keyword lists for comments: how many words each, and how long one word. */
export const COMMENT_KEYWORDS_MAX = 500;
export const COMMENT_KEYWORD_MAX_CHARS = 50;
/** The console's bulk moderation of comments: at most this many at once. */
export const COMMENT_BULK_MAX_IDS = 100;
