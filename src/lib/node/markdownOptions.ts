/**
 * How the site renders Markdown, shared by the build (astro.config.mjs) and the console's preview
 * (src/server/writing/preview.ts), so a preview shows the code colours and heading anchors readers get.
 *
 * Code is highlighted by Shiki with its JavaScript regex engine, not Astro's default Oniguruma one:
 * Oniguruma's WebAssembly memory grows with every grammar and block it meets and never shrinks (143 MB
 * for the demo blog's 71 code blocks), which alone pushed a first build past 512 MB (bench:build).
 * The JavaScript engine keeps its compiled patterns on V8's heap, where they are collected.
 */
import { satteri, satteriHighlightPlugin } from '@astrojs/markdown-satteri';
import { createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

// GitHub's current palettes: every token keeps 4.5 : 1 on its background, which the older github-light and github-dark miss.
const themes = { light: 'github-light-default', dark: 'github-dark-default' } as const;
const PLAIN = 'plaintext';
const TOKENIZE_TIME_LIMIT_MS = 10_000;
/** Languages left as they are, for a later step to render (Astro's own default). */
const NOT_HIGHLIGHTED = ['math'];

let highlighter: Promise<Highlighter> | null = null;

async function highlighterFor(lang: string): Promise<{ shiki: Highlighter; lang: string }> {
  highlighter ??= createHighlighter({
    langs: [PLAIN],
    themes: Object.values(themes),
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  const shiki = await highlighter;
  if (lang === PLAIN || shiki.getLoadedLanguages().includes(lang)) return { shiki, lang };
  try {
    await shiki.loadLanguage(lang as BundledLanguage);
    return { shiki, lang };
  } catch {
    console.warn(`[代码高亮] 不认识的语言 "${lang}"，按纯文本显示。`);
    return { shiki, lang: PLAIN };
  }
}

type HighlightCode = Parameters<typeof satteriHighlightPlugin>[0];

/** A fenced code block as a highlighted `<pre>`, with the class and attributes Astro's own highlighter gives it. */
export const highlightCode: HighlightCode = async (code, requested = PLAIN) => {
  const { shiki, lang } = await highlighterFor(requested);
  const root = shiki.codeToHast(code.replace(/\r?\n$/, ''), {
    lang,
    themes,
    defaultColor: false,
    // Shiki stops colouring a line after 500 ms by default, silently: the first block of a language
    // compiles its grammar's patterns, and on a busy machine one theme's pass then ran out of time and
    // the other's did not, colouring the same code two ways. The owner's own code is worth the wait.
    tokenizeTimeLimit: TOKENIZE_TIME_LIMIT_MS,
    transformers: [
      {
        pre(node) {
          const classes = [node.properties.class].flat().filter(Boolean).join(' ');
          node.properties.class = classes.replace(/shiki/g, 'astro-code');
          node.properties.dataLanguage = requested;
          node.properties.style = `${node.properties.style ?? ''}; overflow-x: auto;`;
        },
      },
    ],
  });
  return root.children[0] as Awaited<ReturnType<HighlightCode>>;
};

/** The hast plugins of the site's Markdown, in the build and the preview alike. */
export const markdownHastPlugins = [satteriHighlightPlugin(highlightCode, NOT_HIGHLIGHTED)];

/** `markdown` in astro.config.mjs: Astro's own highlighter off, the one above in its place. */
export const markdownConfig = {
  syntaxHighlight: false as const,
  processor: satteri({ hastPlugins: markdownHastPlugins }),
};
