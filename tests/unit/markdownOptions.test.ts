/** The site's code highlighting (src/lib/node/markdownOptions.ts), as the build and the console's preview render it. */
import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import { markdownHastPlugins } from '../../src/lib/node/markdownOptions';

const render = async (markdown: string) =>
  (
    await (
      await createSatteriMarkdownProcessor({ syntaxHighlight: false, hastPlugins: markdownHastPlugins })
    ).render(markdown)
  ).code;

describe('code highlighting', () => {
  it('colours a known language for both themes, as Astro’s own highlighter marks it up', async () => {
    const html = await render('```ts\nconst answer: number = 42;\n```');
    expect(html).toMatch(
      /^<pre class="astro-code astro-code-themes github-light-default github-dark-default" style="[^"]*; overflow-x: auto;" tabindex="0" data-language="ts">/,
    );
    // `const` is a keyword: coloured by the theme, not left in the text colour.
    expect(html).toMatch(/<span style="--shiki-light:#CF222E;--shiki-dark:#FF7B72">const<\/span>/);
  });

  it('shows an unknown language as plain text and keeps its name, and leaves math alone', async () => {
    const html = await render('```klingon\nqapla\n```\n\n```math\nx^2\n```');
    expect(html).toContain('data-language="klingon"');
    expect(html).toContain('>qapla</span>');
    expect(html).toContain('<pre><code class="language-math">x^2\n</code></pre>');
  });
});
