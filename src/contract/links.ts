/** Download entries (docs/api.md §11): applied for by users, shown on /link/list once an admin approves them. */

/** 1 pending, 2 approved, 3 rejected. */
export type LinkStatusCode = 1 | 2 | 3;
export const LINK_STATUS = { pending: 1, approved: 2, rejected: 3 } as const satisfies Record<string, LinkStatusCode>;

export interface LinkItem {
  id: number;
  site_name: string;
  site_desc: string;
  /** An upload of the applicant's (`/uploads/…`), an allowed https image, or `''` for a letter icon. */
  site_avatar: string;
  url: string;
  status: LinkStatusCode;
  user_id: number;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/links/add`. */
export interface LinkDraft {
  site_name: string;
  site_desc: string;
  site_avatar?: string;
  url: string;
}

/** `POST /api/links/frontUpdate`: one's own application, sent back to pending. */
export interface LinkUpdate extends LinkDraft {
  id: number;
}

/** `PUT /api/links/approve` and `reject`. */
export interface LinkReview {
  idList: number[];
}
