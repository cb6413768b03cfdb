import { EditorView } from '@codemirror/view';
import { config, MdEditor } from 'md-editor-rt';
import { useEffect, useState } from 'react';
import { ARTICLE_BODY_MAX } from '../../../contract/limits';
import { writingText } from '../../../i18n/writing.zh-CN';
import styles from './Writing.module.scss';

const text = writingText;
// The editor's text area is named like every other field, for screen readers and tests.
config({
  codeMirrorExtensions: (extensions) => [
    ...extensions,
    { type: 'label', extension: EditorView.contentAttributes.of({ 'aria-label': text.body }) },
  ],
});
// Its own image menu is left out: the one 上传图片 button beside it does the same, and pasting or dropping still uploads.
const HIDDEN_TOOLS = [
  'image',
  'preview',
  'previewOnly',
  'htmlPreview',
  'pageFullscreen',
  'fullscreen',
  'catalog',
  'github',
  'save',
  'mermaid',
  'katex',
  'prettier',
] as const;

/**
 * The site's light or dark theme, followed as the reader switches it. Read from the attribute the
 * boot script always sets, not through stores/theme: sharing that store with the header made the
 * bundler move it into a chunk every reader's page loads.
 */
const readTheme = (): 'light' | 'dark' =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';

function useSiteTheme() {
  const [theme, setTheme] = useState(readTheme);
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme(readTheme()));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => watch.disconnect();
  }, []);
  return theme;
}

interface Props {
  value: string;
  onChange: (body: string) => void;
  fullscreen: boolean;
  onUploadImg: (files: File[], done: (urls: string[]) => void) => void;
}

/**
 * The Markdown body: md-editor-rt with every feature that would load a script or a stylesheet from
 * a public CDN turned off (the site's policy blocks them, and nothing leaves the site): its own
 * preview and code colours (the server's preview has the site's), diagrams, formulas, charts,
 * formatting, and the image cropper of the image menu left out above.
 */
export default function BodyEditor({ value, onChange, fullscreen, onUploadImg }: Props) {
  const theme = useSiteTheme();
  const over = value.length > ARTICLE_BODY_MAX;
  return (
    <>
      <MdEditor
        value={value}
        onChange={onChange}
        theme={theme}
        preview={false}
        toolbarsExclude={[...HIDDEN_TOOLS]}
        footers={[]}
        noPrettier
        noMermaid
        noKatex
        noHighlight
        noEcharts
        noUploadImg
        onUploadImg={onUploadImg}
        className={styles.mdEditor}
        style={{ height: fullscreen ? '100%' : undefined }}
      />
      <p className={styles.count} data-over={over}>
        {text.bodyCount(value.length, ARTICLE_BODY_MAX)}
      </p>
    </>
  );
}
