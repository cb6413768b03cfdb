/** The calls behind links the site mails that only their own landing page makes. */
import { COMMENT_CONFIRM_EMAIL, USER_UNDO_EMAIL_CHANGE } from '../contract/paths';
import { http } from './api';

export const mailLinkApi = {
  /** The old address puts itself back on the account; every session ends. */
  undoEmailChange: (token: string) => http.post<boolean>(USER_UNDO_EMAIL_CHANGE, { token }),
  /** A guest says the address left with a comment is theirs. */
  confirmGuestEmail: (token: string) => http.post<boolean>(COMMENT_CONFIRM_EMAIL, { token }),
};
