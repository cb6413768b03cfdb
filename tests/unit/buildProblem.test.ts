import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildProblemPath,
  problemOfBuildError,
  readBuildProblem,
  writeBuildProblem,
} from '../../src/lib/node/buildProblem';

const work = mkdtempSync(join(tmpdir(), 'blog-build-problem-unit-'));
const projectRoot = join(work, 'project');
const contentDir = join(work, 'content');
mkdirSync(join(contentDir, 'articles'), { recursive: true });
mkdirSync(join(contentDir, 'talks'), { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An error as Astro throws it: a name, a message and the file it points at. */
const astroError = (name: string, message: string, file?: string) =>
  Object.assign(new Error(message), { name, ...(file ? { loc: { file } } : {}) });

describe('problemOfBuildError', () => {
  it('asks the article schema which field of the file it refuses, and gives that field’s message', async () => {
    const file = join(contentDir, 'articles', 'notes', '0009.md');
    mkdirSync(join(contentDir, 'articles', 'notes'));
    writeFileSync(file, '---\nid: 9\ntitle: "标题"\ndate: "2024-01-01"\ncategory: "后端"\ntags: []\n---\n\n正文\n');
    const error = astroError(
      'InvalidContentEntryDataError',
      '**articles → notes/0009** data does not match collection schema.\n  **tags**: Too small',
      file,
    );
    expect(await problemOfBuildError(error, { contentDir, projectRoot })).toEqual({
      file: 'articles/notes/0009.md',
      field: 'tags',
      message: '请至少填写一个标签',
    });
  });

  it('says so when the front matter does not parse', async () => {
    const file = join(contentDir, 'talks', '0003.md');
    writeFileSync(file, '---\nid: [3\n---\n\nx\n');
    const problem = await problemOfBuildError(astroError('InvalidContentEntryFrontmatterError', 'x', file), {
      contentDir,
      projectRoot,
    });
    expect(problem).toMatchObject({ file: 'talks/0003.md', field: null });
    expect(problem.message).toMatch(/^front matter 格式有误/);
  });

  it('gives any other error’s first line, without colours or Markdown, and its file within the project', async () => {
    const error = astroError(
      'CompilerError',
      '\x1b[31m**Unexpected** token\x1b[39m\n    at line 3',
      join(projectRoot, 'src', 'pages', 'x.astro'),
    );
    expect(await problemOfBuildError(error, { contentDir, projectRoot })).toEqual({
      file: 'src/pages/x.astro',
      field: null,
      message: 'Unexpected token',
    });
    expect(await problemOfBuildError(new Error(''), { contentDir, projectRoot })).toEqual({
      file: null,
      field: null,
      message: '构建失败，详见服务器日志',
    });
  });
});

describe('the problem file', () => {
  it('reads back what was written, and nothing from a file of another shape', () => {
    const dist = join(work, 'dist');
    mkdirSync(dist);
    expect(readBuildProblem(dist)).toBeNull();
    writeBuildProblem(dist, { file: 'talks/1.md', field: 'id', message: 'id 必须是数字' });
    expect(readBuildProblem(dist)).toEqual({ file: 'talks/1.md', field: 'id', message: 'id 必须是数字' });
    writeFileSync(buildProblemPath(dist), '{"message": 3}');
    expect(readBuildProblem(dist)).toBeNull();
  });
});
