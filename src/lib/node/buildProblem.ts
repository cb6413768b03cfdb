/**
 * What made a build fail, in the words the console shows (PublishError). It is found from the
 * error Astro throws (its name, message and the file it points at) and, for content that does not
 * match its schema, from our own schema check of that file, which names the field and gives the
 * schema's Chinese message; never from the build's printed output. The build writes it beside its
 * releases (scripts/lib/buildRelease.ts); the server reads it when the build's process has ended
 * (src/server/writing/buildRunner.ts).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { PublishError } from '../../contract/writing.ts';
import { articleSource, talkFrontmatter } from '../shared/contentSchema.ts';
import { splitFrontMatter } from '../shared/frontMatter.ts';

export const BUILD_PROBLEM_FILE = 'build-problem.json';
/** Beside the releases, not in one: a failed build leaves no release. */
export const buildProblemPath = (distDir: string) => join(distDir, BUILD_PROBLEM_FILE);

/** When neither the error nor the schema says more. */
export const UNKNOWN_BUILD_PROBLEM: PublishError = { file: null, field: null, message: '构建失败，详见服务器日志' };

/** Astro's errors for an entry its collection's schema refuses; the file is in `loc.file`. */
const SCHEMA_ERRORS = new Set(['InvalidContentEntryDataError', 'InvalidContentEntryFrontmatterError']);
/** The schemas of the collections in the content folder, by their folder there (src/content.config.ts). */
const SCHEMAS = { articles: articleSource, talks: talkFrontmatter };

interface AstroErrorShape {
  name?: unknown;
  message?: unknown;
  loc?: { file?: unknown };
}

const firstLine = (text: string) =>
  text
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';

const inside = (folder: string, file: string) => {
  const path = relative(folder, file);
  return path && !path.startsWith('..') && !isAbsolute(path) ? path.split(sep).join('/') : null;
};

/** The field and message of the first problem our schema finds in a content file; null when it finds none. */
async function schemaProblem(file: string, contentDir: string): Promise<Omit<PublishError, 'file'> | null> {
  const folder = inside(contentDir, file)?.split('/')[0];
  const schema = folder && Object.hasOwn(SCHEMAS, folder) ? SCHEMAS[folder as keyof typeof SCHEMAS] : null;
  if (!schema) return null;
  const { yaml } = splitFrontMatter(await readFile(file, 'utf8'));
  let data: unknown;
  try {
    data = parseYaml(yaml ?? '', { schema: 'core' }) ?? {};
  } catch (error) {
    return { field: null, message: `front matter 格式有误，无法读取：${firstLine((error as Error).message)}` };
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return { field: issue.path.length ? String(issue.path[0]) : null, message: issue.message };
}

/** The problem a build's error shows: the file (within the content folder, or else the project) and what is wrong with it. */
export async function problemOfBuildError(
  error: unknown,
  { contentDir, projectRoot }: { contentDir: string; projectRoot: string },
): Promise<PublishError> {
  const { name, message, loc } = (error ?? {}) as AstroErrorShape;
  const path = typeof loc?.file === 'string' ? loc.file : null;
  const file = path && (inside(contentDir, path) ?? inside(projectRoot, path) ?? path);
  if (path && typeof name === 'string' && SCHEMA_ERRORS.has(name)) {
    const problem = await schemaProblem(path, contentDir).catch(() => null);
    if (problem) return { file, ...problem };
  }
  const text = firstLine(typeof message === 'string' ? message : String(error)).replace(/\*\*/g, '');
  return { ...UNKNOWN_BUILD_PROBLEM, file, ...(text ? { message: text } : {}) };
}

export function writeBuildProblem(distDir: string, problem: PublishError): void {
  writeFileSync(buildProblemPath(distDir), `${JSON.stringify(problem)}\n`);
}

export function forgetBuildProblem(distDir: string): void {
  rmSync(buildProblemPath(distDir), { force: true });
}

/** What the last build that failed wrote; null when it wrote nothing (it crashed before it could) or wrote something else. */
export function readBuildProblem(distDir: string): PublishError | null {
  const path = buildProblemPath(distDir);
  if (!existsSync(path)) return null;
  try {
    const { file, field, message } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
    return typeof message === 'string' && message
      ? { file: textOrNull(file), field: textOrNull(field), message }
      : null;
  } catch {
    return null;
  }
}
