/** Accounts on the wire (docs/api.md §5, §6). */

export type Role = 'admin' | 'user';

/** The current user, as `getUserInfo` and `updateOwnUserInfo` answer. */
export interface Profile {
  id: number;
  username: string;
  nick_name: string;
  avatar: string;
  role: Role;
  createdAt: string;
}

/** `login`: the profile and the token other clients send in `Authorization`. */
export interface LoginResult extends Profile {
  token: string;
}

/** `register`. */
export interface Registered {
  id: number;
  username: string;
}

/** `getUserInfoById`: what anyone may see of a user. */
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
}

export interface ProfileChanges {
  nick_name?: string;
  /** An upload's path (`/uploads/…`) of one's own, or '' for none. */
  avatar?: string;
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
