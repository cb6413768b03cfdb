import { describe, expect, it } from 'vitest';
import { withoutScripts } from '../../bench/lib/scriptFree';

describe('a page without its scripts (bench:lighthouse)', () => {
  it('loses every script and module preload, inline or not, and keeps the rest, islands as the server drew them', async () => {
    const page = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/_astro/a.js"><link rel="stylesheet" href="/_astro/a.css"><script>document.documentElement.dataset.theme='dark'</script></head>
<body><astro-island uid="1" component-url="/_astro/b.js"><button>菜单</button></astro-island><p>正文</p><script type="module" src="/_astro/c.js"></script></body></html>`;
    const bare = await withoutScripts(page);
    expect(bare).not.toMatch(/<script|modulepreload/);
    expect(bare).toContain('<link rel="stylesheet" href="/_astro/a.css">');
    expect(bare).toContain('<astro-island uid="1" component-url="/_astro/b.js"><button>菜单</button></astro-island>');
    expect(bare).toContain('<p>正文</p>');
  });
});
