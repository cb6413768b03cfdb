/**
 * A comment, message or order sent again soon after, as it was, is the one already made: on a
 * weak connection the answer can be lost after the server stored it, and the reader presses send
 * again. The retry gets the first one back, instead of a copy and a second round of notices.
 */
export const RESENT_WITHIN_MINUTES = 10;

/** The oldest moment a resent write may match. */
export const resentSince = (now = new Date()): Date => new Date(+now - RESENT_WITHIN_MINUTES * 60_000);
