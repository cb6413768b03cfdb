import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { articleFields, ORIGIN_REQUIRED, talkFields } from './lib/shared/contentSchema';
import { skippingBrokenArticles } from './lib/node/articleLoader';

/** Where the owner's articles and talks live (README, 配置): `CONTENT_DIR`, or the demo content in the checkout. */
const contentDir = process.env.CONTENT_DIR || './src/content';

const articlesDir = `${contentDir}/articles`;
const articles = defineCollection({
  // An article that cannot be built is left out and listed, and the rest of the site still builds.
  loader: skippingBrokenArticles(glob({ pattern: '**/*.md', base: articlesDir }), articlesDir),
  // `cover` is a path relative to the article (`./covers/x.jpg`); the build checks it exists and optimises it.
  schema: ({ image }) =>
    z
      .object({ ...articleFields, cover: image().optional() })
      .refine(ORIGIN_REQUIRED.check, { message: ORIGIN_REQUIRED.message, path: ORIGIN_REQUIRED.path }),
});

const talks = defineCollection({
  loader: glob({ pattern: '**/*.md', base: `${contentDir}/talks` }),
  schema: z.object(talkFields),
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
