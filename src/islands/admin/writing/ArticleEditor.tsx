import { EditorView } from '@codemirror/view';
import { useStore } from '@nanostores/react';
import { config, MdEditor } from 'md-editor-rt';
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { ARTICLE_TYPES } from '../../../contract/writing';
import { writingText } from '../../../i18n/writing.zh-CN';
import { splitTags } from '../../../lib/browser/writingDraft';
import { $editor, $localDraft, changeDraft, dropLocalDraft, isDirty, moveArticle, openArticle, saveArticle, takeDiskVersion, previewHtml, takeLocalDraft, uploadImages } from '../../../stores/articleEditor';
import ConfirmButton from '../../shared/ConfirmButton';
import { $taxonomies, loadTaxonomies } from '../../../stores/writingLists';
import { useModal } from '../../shared/useModal';
import FilePickButton from './FilePickButton';
import HistoryPanel from './HistoryPanel';
import PublishStatus from './PublishStatus';
import UploadProgress from './UploadProgress';
import adminStyles from '../Admin.module.scss';
import styles from './Writing.module.scss';

const text = writingText;
const confirmClasses = { box: adminStyles.confirm, danger: adminStyles.danger };
// The editor's text area is named like every other field, for screen readers and tests.
config({ codeMirrorExtensions: (extensions) => [...extensions, { type: 'label', extension: EditorView.contentAttributes.of({ 'aria-label': text.body }) }] });
// Its own image menu is left out: the one 上传图片 button beside it does the same, and pasting or dropping still uploads.
const HIDDEN_TOOLS = ['image', 'preview', 'previewOnly', 'htmlPreview', 'pageFullscreen', 'fullscreen', 'catalog', 'github', 'save', 'mermaid', 'katex', 'prettier'] as const;


/** A field with its label, its hint and its problem tied to the control, so its name is the label alone. */
function Field({ label, problem, hint, wide, children }: { label: string; problem?: string; hint?: string; wide?: boolean; children: ReactElement<Record<string, unknown>> }) {
  const id = useId();
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-describedby': described, 'aria-invalid': problem ? true : undefined })}
      {hint && <span id={`${id}-hint`} className={styles.hint}>{hint}</span>}
      {problem && <span id={`${id}-problem`} className={styles.error} role="alert">{problem}</span>}
    </div>
  );
}

/** /admin/articles/edit: one article's fields, its Markdown with a preview as readers will see it, and saving or publishing it. */
export default function ArticleEditor() {
  const state = useStore($editor);
  const local = useStore($localDraft);
  const [preview, setPreview] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const fullscreenToggle = useRef<HTMLButtonElement>(null);
  // Full screen is a board over the page: Escape leaves it, and the page behind stays still. Tab is
  // not held inside it, as the editor's own dialogs (a link's address) open outside it, on the page.
  const workspace = useModal<HTMLDivElement>(fullscreen, () => setFullscreen(false), { initialFocus: fullscreenToggle, trapFocus: false });
  const [tagsTyped, setTagsTyped] = useState('');
  const upload = uploadImages;
  const taxonomies = useStore($taxonomies);
  const { draft, problems } = state;
  const unusedTags = (taxonomies?.tags ?? []).map((t) => t.name).filter((name) => !draft.tags.includes(name)).slice(0, 12);

  useEffect(() => {
    const id = Number(new URLSearchParams(location.search).get('id')) || null;
    void openArticle(id);
    void loadTaxonomies();
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, []);

  // A new revision (opened, saved, the disk's version taken, an old one restored) brings its own tags.
  useEffect(() => setTagsTyped($editor.get().draft.tags.join(', ')), [state.revision]);

  useEffect(() => {
    if (preview === null) return;
    let active = true;
    // A reply that comes after the preview closed or the body changed again is dropped.
    const timer = setTimeout(() => void previewHtml(draft.body).then((html) => active && setPreview(html)), 400);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [draft.body, preview === null]);

  if (state.loading) return <p aria-busy="true">{text.loading}</p>;

  const save = (publish: boolean, overDisk = false) => void saveArticle(publish, overDisk);
  return (
    <div className={styles.screen}>
      {local && (
        <p className={styles.notice}>
          {text.localDraft(local.at)} <button type="button" onClick={() => { takeLocalDraft(); setTagsTyped($editor.get().draft.tags.join(', ')); }}>{text.takeLocalDraft}</button>{' '}
          <button type="button" onClick={dropLocalDraft}>{text.dropLocalDraft}</button>
        </p>
      )}
      {state.conflict && (
        <section className={styles.notice} aria-label={text.conflictDisk}>
          <p>{text.conflict}</p>
          <div className={styles.compare}>
            <div><h3>{text.conflictDisk}</h3><pre>{state.conflict.body}</pre></div>
            <div><h3>{text.conflictMine}</h3><pre>{draft.body}</pre></div>
          </div>
          <div className={styles.buttons}>
            <button type="button" onClick={() => save(state.status !== 'draft', true)}>{text.keepMine}</button>
            <button type="button" onClick={takeDiskVersion}>{text.takeDisk}</button>
          </div>
        </section>
      )}
      <div className={styles.fields}>
        <Field label={text.title} problem={problems.title} wide>
          <input value={draft.title} onChange={(e) => changeDraft({ title: e.target.value })} maxLength={200} />
        </Field>
        <Field label={text.category} problem={problems.category}>
          <input value={draft.category} onChange={(e) => changeDraft({ category: e.target.value })} list="writing-categories" />
        </Field>
        <Field label={text.tags} problem={problems.tags} hint={text.tagsHint}>
          <input value={tagsTyped} onChange={(e) => { setTagsTyped(e.target.value); changeDraft({ tags: splitTags(e.target.value) }); }} />
        </Field>
        {unusedTags.length > 0 && (
          <div className={styles.wide} role="group" aria-label={text.pickTags}>
            <span className={styles.hint}>{text.pickTags}：</span>
            {unusedTags.map((tag) => (
              <button key={tag} type="button" className={styles.chip} onClick={() => { const tags = [...draft.tags, tag]; setTagsTyped(tags.join(', ')); changeDraft({ tags }); }}>＋{tag}</button>
            ))}
          </div>
        )}
        <Field label={text.type}>
          <select value={draft.type} onChange={(e) => changeDraft({ type: e.target.value as typeof draft.type })}>
            {ARTICLE_TYPES.map((type) => <option key={type} value={type}>{text.types[type]}</option>)}
          </select>
        </Field>
        {draft.type !== 'original' && (
          <Field label={text.originUrl} problem={problems.origin_url}>
            <input type="url" value={draft.origin_url} onChange={(e) => changeDraft({ origin_url: e.target.value })} />
          </Field>
        )}
        <Field label={text.date} problem={problems.date} hint={text.dateHint}>
          <input value={draft.date} placeholder="2026-01-01 08:00:00" onChange={(e) => changeDraft({ date: e.target.value })} />
        </Field>
        <Field label={text.description} problem={problems.description} hint={text.descriptionHint} wide>
          <textarea rows={2} value={draft.description} onChange={(e) => changeDraft({ description: e.target.value })} />
        </Field>
        <Field label={text.cover} problem={problems.cover}>
          <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(e) => void upload([...(e.target.files ?? [])], 'covers').then(([path]) => path && changeDraft({ cover: path }))} />
        </Field>
        <UploadProgress spot="cover" />
        <datalist id="writing-categories">
          {taxonomies?.categories.map((c) => <option key={c.name} value={c.name} />)}
        </datalist>
        {draft.cover && (
          <p className={styles.hint}>
            {draft.cover} <button type="button" onClick={() => changeDraft({ cover: '' })}>{text.removeCover}</button>
          </p>
        )}
        <div className={styles.checks}>
          <label><input type="checkbox" checked={draft.pinned} onChange={(e) => changeDraft({ pinned: e.target.checked })} /> {text.pinned}</label>
          <label><input type="checkbox" checked={draft.public} onChange={(e) => changeDraft({ public: e.target.checked })} /> {text.public}</label>
        </div>
      </div>
      {/* Full screen takes the toolbar and the buttons along with the editor, so they stay in reach. */}
      <div ref={workspace} className={styles.workspace} data-fullscreen={fullscreen}>
        <div className={styles.toolbar}>
          <button type="button" aria-pressed={preview !== null} onClick={() => setPreview(preview === null ? '' : null)}>{text.preview}</button>
          <button ref={fullscreenToggle} type="button" aria-pressed={fullscreen} onClick={() => setFullscreen(!fullscreen)}>{fullscreen ? text.exitFullscreen : text.fullscreen}</button>
          <FilePickButton label={text.uploadImage} multiple onFiles={(files) => void upload(files, 'images').then((paths) => paths.length && changeDraft({ body: `${$editor.get().draft.body}\n\n${paths.map((p) => `![](${p})`).join('\n')}` }))} />
          <UploadProgress spot="body" />
        </div>
        {problems.body && <p className={styles.error} role="alert">{problems.body}</p>}
        <div className={styles.editorArea} data-preview={preview !== null} data-fullscreen={fullscreen}>
          <MdEditor
            value={draft.body}
            onChange={(body) => changeDraft({ body })}
            preview={false}
            toolbarsExclude={[...HIDDEN_TOOLS]}
            noPrettier
            noMermaid
            noKatex
            noHighlight
            noUploadImg={false}
            onUploadImg={(files, done) => void upload(files, 'images').then(done)}
            style={{ height: fullscreen ? '100%' : '60vh' }}
          />
          {preview !== null && <div className={`${styles.preview} prose`} aria-label={text.preview} dangerouslySetInnerHTML={{ __html: preview }} />}
        </div>
        {state.refusal && <p className={styles.error} role="alert">{state.refusal}</p>}
        <div className={styles.buttons}>
          <button type="button" onClick={() => save(false)} disabled={state.saving}>{text.saveDraft}</button>
          <button type="button" className={styles.primary} onClick={() => save(true)} disabled={state.saving}>{text.publish}</button>
          {state.id !== null && state.status !== 'trash' && <ConfirmButton label={text.trash} question={text.confirmTrash} onConfirm={() => void moveArticle('trash')} classes={confirmClasses} />}
          {state.status === 'trash' && <button type="button" onClick={() => void moveArticle('restore')}>{text.restore}</button>}
          {state.id !== null && <HistoryPanel />}
        </div>
        <PublishStatus articleId={state.status === 'published' ? state.id : null} />
      </div>
    </div>
  );
}
