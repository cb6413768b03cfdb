import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { parseSiteDate } from './lib/time';

const positiveId = z.number().int().positive();

/** A date on the owner's wall clock (see parseSiteDate). */
const siteDate = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const date = parseSiteDate(value);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: '日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss' });
    return z.NEVER;
  }
  return date;
});

const articles = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/articles' }),
  // `cover` is a path relative to the article (`./covers/x.jpg`); the build checks it exists and optimises it.
  schema: ({ image }) =>
    z
      .object({
        id: positiveId,
        title: z.string().min(1).max(100),
        date: siteDate,
        updated: siteDate.optional(),
        category: z.string().min(1).max(20),
        tags: z.array(z.string().min(1).max(20)).min(1).max(8),
        cover: image().optional(),
        description: z.string().max(200).optional(),
        pinned: z.boolean().default(false),
        order: z.number().int().default(0),
        draft: z.boolean().default(false),
        type: z.enum(['original', 'repost', 'translation']).default('original'),
        origin_url: z.url().optional(),
      })
      .refine((a) => a.type === 'original' || a.origin_url, {
        message: '转载或翻译的文章必须填写 origin_url',
        path: ['origin_url'],
      }),
});

const talks = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/talks' }),
  schema: z.object({
    id: positiveId,
    date: siteDate,
    images: z.array(z.string()).max(9).default([]),
    pinned: z.boolean().default(false),
  }),
});

const link = z.object({
  name: z.string().min(1),
  url: z.url(),
  description: z.string().default(''),
  icon: z.string().optional(),
});

const linkCategory = {
  id: z.string(),
  name: z.string().min(1),
  links: z.array(link).min(1),
};

const resources = defineCollection({
  loader: file('src/content/resources.yaml'),
  schema: z.object({ ...linkCategory, kind: z.enum(['front', 'back']) }),
});

const sites = defineCollection({
  loader: file('src/content/sites.yaml'),
  schema: z.object(linkCategory),
});

const products = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/products' }),
  schema: z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    summary: z.string().min(1),
    cover: z.string().optional(),
    order: z.number().int().default(0),
    plans: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]+$/),
          name: z.string().min(1),
          price_cents: z.number().int().positive(),
          days: z.number().int().positive().nullable(),
          max_machines: z.number().int().positive(),
        }),
      )
      .min(1),
  }),
});

export const collections = { articles, talks, resources, sites, products };
