/** Where the built server finds its packages when `DIST_DIR` lies outside the project. */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkProjectPackages, projectPackagesDir } from '../../src/server/http/releases';

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
