/**
 * Reads the original blog's MySQL or MariaDB database (docs: /work/shared/SEED-DB.md) into a
 * Bundle. Only reads, in one snapshot, so it can run against a blog that is still online. The
 * pieces live in seed/: the tables, the pictures, the comment HTML, and the mapping of each kind.
 */
import mysql, { type Connection } from 'mysql2/promise';
import { emptyBundle, type Bundle } from '../bundle.ts';
import { readArticles, readTalks } from './seed/content.ts';
import { readComments, readLikes, readLinks, readMessages, readUsers } from './seed/people.ts';
import { readTables, READ_TABLES } from './seed/rows.ts';
import { missingTables, noPlaceFor, readSite } from './seed/site.ts';

export interface SeedOptions {
  /**
   * A folder holding the original server's uploaded files: pictures named by a path
   * (`/upload/2023/cat.png`) are taken from it. Without it, only pictures at a web address come over.
   */
  imageDir?: string;
}

const PROTOCOLS = new Set(['mysql:', 'mariadb:']);

/** The database a `mysql://user:password@host:port/database` URL names, checked before connecting. */
function databaseOf(url: string): { database: string; place: string } {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new Error('原博客数据库的地址无法识别，应形如 mysql://用户名:密码@主机:端口/online_blog');
  }
  if (!PROTOCOLS.has(address.protocol))
    throw new Error(`原博客数据库的地址应以 mysql:// 开头，而不是 ${address.protocol}//`);
  const database = decodeURIComponent(address.pathname.replace(/^\//, ''));
  if (!database) throw new Error('原博客数据库的地址里没有库名：在末尾加上 /库名，例如 /online_blog');
  return { database, place: `${address.host}/${database}` };
}

export async function readSeed(url: string, options: SeedOptions = {}): Promise<Bundle> {
  const { database, place } = databaseOf(url);
  let connection: Connection;
  try {
    connection = await mysql.createConnection({
      uri: url.replace(/^mariadb:/i, 'mysql:'),
      // Datetimes as written: they are Beijing time, whatever this machine's zone (rows.ts).
      dateStrings: true,
      supportBigNumbers: true,
      charset: 'UTF8MB4_UNICODE_CI',
    });
  } catch (error) {
    // The driver's message never holds the password; the URL would.
    throw new Error(`连不上原博客的数据库 ${place}：${(error as Error).message}`, { cause: error });
  }
  try {
    const tables = await readTables(connection);
    if (tables.missing.length === READ_TABLES.length)
      throw new Error(`数据库 ${place} 里没有原博客的表（blog_article、blog_user 等）：库名是否写对了？`);

    const bundle = emptyBundle(`原博客数据库 ${database}`, `seed:${place}`);
    const { leftBehind } = bundle;
    leftBehind.push(...missingTables(tables.missing));
    bundle.users = readUsers(tables.rows.blog_user, leftBehind);
    bundle.articles = await readArticles(tables, options.imageDir, leftBehind);
    bundle.talks = await readTalks(tables, options.imageDir, leftBehind);
    const users = new Set(bundle.users.map((user) => user.key));
    bundle.messages = readMessages(tables.rows.blog_message, users, leftBehind);
    const imported = {
      users,
      articles: new Set(bundle.articles.map((article) => article.key)),
      talks: new Set(bundle.talks.map((talk) => talk.key)),
      messages: new Set(bundle.messages.map((message) => message.key)),
    };
    bundle.comments = readComments(tables.rows.blog_comment, imported, leftBehind);
    const comments = new Set(bundle.comments.map((comment) => comment.key));
    bundle.likes = readLikes(tables.rows.blog_like, { ...imported, comments }, leftBehind);
    bundle.links = readLinks(tables.rows.blog_links, bundle.users, leftBehind);
    bundle.site = readSite(tables.rows.blog_config, leftBehind);
    leftBehind.push(...noPlaceFor(tables.counts));
    return bundle;
  } finally {
    // A connection that broke mid-read cannot end politely; its error is not the one to report.
    await connection.end().catch(() => connection.destroy());
  }
}
