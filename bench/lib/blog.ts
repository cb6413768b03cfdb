/** A synthetic blog of many articles in the build's export format, for the API benchmark. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArticleBody, ContentIndex, IndexedArticle } from '../../src/lib/node/contentIndex.ts';

const HAN =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理世车';
const WORDS = ['React', 'SQLite', 'Astro', 'TypeScript', 'Node.js', 'WAL', 'Vite', 'Linux', 'Git', 'CSS'];
const CATEGORIES = ['前端', '后端', '数据库', '工具', '随笔', '读书', '运维'];
const TAGS = [
  'JavaScript',
  'TypeScript',
  'React',
  'Astro',
  'Node.js',
  'SQLite',
  'CSS',
  'Linux',
  'Git',
  '性能优化',
  '算法',
  '读书笔记',
  '生活',
  '工具链',
];

/** A deterministic generator, so every run benchmarks the same blog. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return seed / 2 ** 32;
  };
}

export function writeSyntheticBlog(dir: string, count: number, charsPerArticle = 3000): void {
  const rand = random(42);
  const pick = <T>(list: ArrayLike<T>) => list[Math.floor(rand() * list.length)];
  mkdirSync(dir, { recursive: true });
  const articles: IndexedArticle[] = [];
  const start = Date.UTC(2015, 0, 1);
  for (let id = 1; id <= count; id++) {
    let text = '';
    while (text.length < charsPerArticle) text += rand() < 0.04 ? ` ${pick(WORDS)} ` : pick(HAN);
    const title = `第 ${id} 篇：${text.slice(10, 22).trim()} ${pick(WORDS)}`;
    const article: IndexedArticle = {
      id,
      title,
      description: text.slice(0, 80),
      cover: null,
      category: pick(CATEGORIES),
      tags: [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])],
      pinned: id <= 2,
      order: id <= 2 ? id : 0,
      type: 'original',
      origin_url: null,
      date: new Date(start + id * 36 * 3600_000).toISOString(),
      updated: null,
      words: text.length,
      text,
    };
    articles.push(article);
    const body: ArticleBody = {
      id,
      markdown: `## ${title}\n\n${text}`,
      html: `<h2>${title}</h2><p>${text}</p>`,
      images: {},
    };
    writeFileSync(join(dir, `${id}.json`), JSON.stringify(body));
  }
  const index: ContentIndex = { builtAt: new Date().toISOString(), articles };
  writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
}

/**
 * The same kind of blog as Markdown files in a content folder (`<dir>/articles`, `<dir>/talks`), for
 * the build benchmark; `firstId` puts them after the articles a folder has already.
 */
export function writeSyntheticMarkdown(dir: string, count: number, charsPerArticle = 3000, firstId = 1): void {
  const rand = random(7);
  const pick = <T>(list: ArrayLike<T>) => list[Math.floor(rand() * list.length)];
  mkdirSync(join(dir, 'articles'), { recursive: true });
  mkdirSync(join(dir, 'talks'), { recursive: true });
  const start = Date.UTC(2015, 0, 1);
  for (let id = firstId; id < firstId + count; id++) {
    const paragraphs: string[] = [];
    let length = 0;
    while (length < charsPerArticle) {
      let text = '';
      while (text.length < 300) text += rand() < 0.04 ? ` ${pick(WORDS)} ` : pick(HAN);
      paragraphs.push(
        rand() < 0.1
          ? `## ${text.slice(0, 12)}\n\n${text}`
          : rand() < 0.08
            ? '```ts\nconst answer: number = 42;\nconsole.log(answer);\n```'
            : text,
      );
      length += text.length;
    }
    const date = new Date(start + id * 36 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    const tags = [...new Set([pick(TAGS), pick(TAGS)])].map((t) => `"${t}"`).join(', ');
    const front = `---\nid: ${id}\ntitle: "第 ${id} 篇 ${pick(WORDS)}"\ndate: "${date}"\ncategory: "${pick(CATEGORIES)}"\ntags: [${tags}]\n---\n\n`;
    writeFileSync(join(dir, 'articles', `${String(id).padStart(4, '0')}.md`), front + paragraphs.join('\n\n') + '\n');
  }
  if (firstId === 1)
    writeFileSync(join(dir, 'talks', '0001.md'), '---\nid: 1\ndate: "2025-01-01 08:00:00"\n---\n\n一条说说。\n');
}
