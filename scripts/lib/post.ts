import { formatDateTime } from '../../src/lib/shared/time.ts';
import { trimEnd, trimStart } from '../../src/lib/shared/trim.ts';

export function nextFreeId(ids: readonly number[]): number {
  return ids.reduce((max, id) => Math.max(max, id), 0) + 1;
}

/** `0033-my-title.md`; titles without Latin letters fall back to `0033-post.md`. */
export function postFileName(id: number, title: string): string {
  const slug = trimStart(trimEnd(title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), '-'), '-').slice(0, 40);
  return `${String(id).padStart(4, '0')}-${slug || 'post'}.md`;
}

export function postTemplate(id: number, title: string, now: Date): string {
  const date = formatDateTime(now).replace(/\d{2}$/, '00');
  return `---
id: ${id}
title: ${JSON.stringify(title)}
date: "${date}"
category: 随笔
tags: [随笔]
description: ""
draft: true
---

## 开始

在这里写正文。
`;
}
