/** Accounts on the wire (docs/api.md §5, §6). */

/** `role` on the wire and in the database: 1 admin, 2 user, as the original front end reads it. */
export const ROLE = { admin: 1, user: 2 } as const;
export type RoleCode = (typeof ROLE)[keyof typeof ROLE];

/** The current user, as `getUserInfo` and `updateOwnUserInfo` answer. */
export interface Profile {
  id: number;
  username: string;
  nick_name: string;
  avatar: string;
  role: RoleCode;
  createdAt: string;
  /** The address given in the user centre, or null; mail goes to it once `email_verified`. */
  email: string | null;
  email_verified: boolean;
  /** Notification mail the user wants: replies to their comments; for admins, orders and payments. */
  mail_on_reply: boolean;
  mail_on_owner: boolean;
}

/** `login`: who logged in, and the token other clients send in `Authorization`. */
export interface LoginResult extends Pick<Profile, 'id' | 'username' | 'nick_name' | 'avatar' | 'role' | 'createdAt'> {
  token: string;
}

/** `register`. */
export interface Registered {
  id: number;
  username: string;
}

/** `getUserInfoById`: what anyone may see of a user; no role, so nobody can walk the ids for admin accounts. */
export interface PublicProfile {
  id: number;
  nick_name: string;
  avatar: string;
}

export interface RegisterBody {
  username: string;
  password: string;
  nick_name?: string;
}

export interface LoginBody {
  username: string;
  password: string;
  /**
   * `true` (the site's own pages): also set the HttpOnly session cookie. Other clients, like the
   * original front end, keep the token and log out by forgetting it; a cookie would outlive that.
   */
  cookie?: boolean;
}

export interface ProfileChanges {
  nick_name?: string;
  /** An upload's path (`/uploads/…`) of one's own, or '' for none. */
  avatar?: string;
  /** A new address is mailed a link that verifies it; '' removes the address. */
  email?: string;
  /** The account's password: replacing or removing a verified `email` takes it. */
  password?: string;
  mail_on_reply?: boolean;
  mail_on_owner?: boolean;
}

/** `POST /api/user/forgotPassword`. */
export interface ForgotPasswordBody {
  email: string;
}

/** `POST /api/user/resetPassword`: the token from the link, and the new password. */
export interface ResetPasswordBody {
  token: string;
  password: string;
}

/** `POST /api/admin/users/{id}/resetLink`: a link for the owner to hand over, and when it stops working (ISO 8601). */
export interface ResetLink {
  url: string;
  expires_at: string;
}

/** `POST /api/user/verifyEmail`: the token from the link. */
export interface VerifyEmailBody {
  token: string;
}

export interface PasswordChange {
  password: string;
  password1: string;
  password2: string;
}

/** `POST /api/upload/img`. */
export interface UploadedImage {
  url: string;
}
