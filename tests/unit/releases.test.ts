/** Where the built server finds its packages when `DIST_DIR` lies outside the project; quick copies of a build; pruning. */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  currentRelease,
  linkedCopy,
  linkProjectPackages,
  newReleaseDir,
  projectPackagesDir,
  publishRelease,
  RELEASES,
} from '../../src/server/releases/releases';

let dir: string;
let packages: string;
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'blog-releases-')));
  // A project of its own: its packages folder and a source folder beside it.
  packages = join(dir, 'project', 'node_modules');
  mkdirSync(join(packages, 'some-package'), { recursive: true });
  mkdirSync(join(dir, 'project', 'src', 'server'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('linkProjectPackages', () => {
  it('finds the project’s packages from a folder below it', () => {
    expect(projectPackagesDir(join(dir, 'project', 'src', 'server'))).toBe(packages);
    expect(projectPackagesDir()).toBe(realpathSync('node_modules'));
  });

  it('links a dist folder outside the project to the project’s packages, creating the folder', () => {
    const dist = join(dir, 'elsewhere', 'dist');
    const link = linkProjectPackages(dist, packages);
    expect(link).toBe(join(dist, 'node_modules'));
    expect(lstatSync(link!).isSymbolicLink()).toBe(true);
    expect(existsSync(join(dist, 'node_modules', 'some-package'))).toBe(true);
  });

  it('needs no link inside the project, where Node already finds the packages', () => {
    expect(linkProjectPackages(join(dir, 'project', 'dist'), packages)).toBeNull();
    expect(existsSync(join(dir, 'project', 'dist', 'node_modules'))).toBe(false);
  });

  it('mends a link that points elsewhere or nowhere, and leaves a real folder alone', () => {
    const dist = join(dir, 'dist');
    mkdirSync(dist);
    symlinkSync(join(dir, 'gone'), join(dist, 'node_modules'));
    linkProjectPackages(dist, packages);
    expect(realpathSync(join(dist, 'node_modules'))).toBe(packages);

    const owned = join(dir, 'owned');
    mkdirSync(join(owned, 'node_modules'), { recursive: true });
    linkProjectPackages(owned, packages);
    expect(lstatSync(join(owned, 'node_modules')).isDirectory()).toBe(true);
    expect(() => readlinkSync(join(owned, 'node_modules'))).toThrow();
  });
});

describe('releases side by side', () => {
  const build = (dist: string, at: string) => {
    const release = newReleaseDir(dist, new Date(at));
    mkdirSync(join(release, 'client', 'article', '1'), { recursive: true });
    writeFileSync(join(release, 'client', 'article', '1', 'index.html'), at);
    mkdirSync(join(release, 'server'), { recursive: true });
    return release;
  };

  it('a linked copy holds the same files without copying them, and a build still being written is never pruned', () => {
    const dist = join(dir, 'dist');
    const first = build(dist, '2026-01-01T00:00:00Z');
    publishRelease(dist, first);
    // A full build has begun, and two quick releases go live while it runs.
    const building = build(dist, '2026-01-01T00:01:00Z');
    for (const at of ['2026-01-01T00:02:00Z', '2026-01-01T00:03:00Z']) {
      const quick = newReleaseDir(dist, new Date(at), 'quick');
      linkedCopy(currentRelease(dist), quick);
      const page = join(quick, 'client', 'article', '1', 'index.html');
      expect(statSync(page).ino).toBe(statSync(join(currentRelease(dist), 'client', 'article', '1', 'index.html')).ino);
      publishRelease(dist, quick);
    }
    const left = readdirSync(join(dist, RELEASES));
    expect(left).toContain(building.split('/').at(-1));
    expect(left.filter((name) => name.endsWith('-quick'))).toHaveLength(2);
    expect(left).not.toContain(first.split('/').at(-1));
    expect(readFileSync(join(currentRelease(dist), 'client', 'article', '1', 'index.html'), 'utf8')).toBe(
      '2026-01-01T00:00:00Z',
    );
  });
});
