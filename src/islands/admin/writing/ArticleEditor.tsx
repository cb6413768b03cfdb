import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { writingText } from '../../../i18n/writing.zh-CN';
import { bodyTooLong } from '../../../lib/browser/writingDraft';
import { NEW_ARTICLE_PAGE } from '../../../lib/browser/writingPages';
import {
  $editor,
  $localDraft,
  changeDraft,
  dropLocalDraft,
  isDirty,
  loadIntoEditor,
  previewHtml,
  saveArticle,
  takeDiskVersion,
  takeLocalDraft,
  uploadImages,
} from '../../../stores/articleEditor';
import { dropPendingEdit } from '../../../stores/articleLiveEdits';
import { loadTaxonomies } from '../../../stores/writingLists';
import ConfirmButton from '../../shared/ConfirmButton';
import { useModal } from '../../shared/useModal';
import ArticleActions from './ArticleActions';
import ArticleSettings from './ArticleSettings';
import BodyEditor from './BodyEditor';
import Field from './Field';
import FilePickButton from './FilePickButton';
import UploadProgress from './UploadProgress';
import styles from './Writing.module.scss';

const text = writingText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };

/**
 * 写文章 (/admin/articles/new) and 编辑文章 (/admin/articles/edit?id=): writing first, as in Ghost
 * and Halo. The title and the Markdown body lead, the settings sit beside them (or folded under
 * them on a phone), and the buttons with the publish line stay at the top of the window.
 */
export default function ArticleEditor({ page }: { page: 'new' | 'edit' }) {
  const state = useStore($editor);
  const local = useStore($localDraft);
  const [preview, setPreview] = useState<string | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const fullscreenToggle = useRef<HTMLButtonElement>(null);
  // Full screen is a board over the page: Escape leaves it, and the page behind stays still. Tab is
  // not held inside it, as the editor's own dialogs (a link's address) open outside it, on the page.
  const workspace = useModal<HTMLDivElement>(fullscreen, () => setFullscreen(false), {
    initialFocus: fullscreenToggle,
    trapFocus: false,
  });
  const [tagsTyped, setTagsTyped] = useState('');
  const upload = uploadImages;
  const { draft, problems } = state;

  useEffect(() => {
    const id = Number(new URLSearchParams(location.search).get('id')) || null;
    // An old link to the editor without an article is 写文章.
    if (page === 'edit' && id === null) return location.replace(NEW_ARTICLE_PAGE);
    void loadIntoEditor(id);
    void loadTaxonomies();
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, []);

  // A new revision (opened, saved, the disk's version taken, an old one restored) brings its own tags.
  useEffect(() => setTagsTyped($editor.get().draft.tags.join(', ')), [state.revision, state.pending]);

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

  const bodyProblem = problems.body ?? bodyTooLong(draft.body);
  return (
    <div ref={workspace} className={styles.workspace} data-fullscreen={fullscreen}>
      <ArticleActions />
      {local && (
        <p className={styles.notice}>
          {text.localDraft(local.at)}{' '}
          <button
            type="button"
            onClick={() => {
              takeLocalDraft();
              setTagsTyped($editor.get().draft.tags.join(', '));
            }}
          >
            {text.takeLocalDraft}
          </button>{' '}
          <button type="button" onClick={dropLocalDraft}>
            {text.dropLocalDraft}
          </button>
        </p>
      )}
      {state.pending && (
        <p className={styles.notice}>
          {text.pendingNotice(state.pending.saved_at)}{' '}
          <ConfirmButton
            label={text.dropPending}
            question={text.confirmDropPending}
            onConfirm={() => void dropPendingEdit()}
            classes={confirmClasses}
          />
        </p>
      )}
      {state.conflict && (
        <section className={styles.notice} aria-label={text.conflictDisk}>
          <p>{text.conflict}</p>
          <div className={styles.compare}>
            <div>
              <h3>{text.conflictDisk}</h3>
              <pre>{state.conflict.body}</pre>
            </div>
            <div>
              <h3>{text.conflictMine}</h3>
              <pre>{draft.body}</pre>
            </div>
          </div>
          <div className={styles.buttons}>
            <button type="button" onClick={() => void saveArticle(state.status !== 'draft', true)}>
              {text.keepMine}
            </button>
            <button type="button" onClick={takeDiskVersion}>
              {text.takeDisk}
            </button>
          </div>
        </section>
      )}
      <div className={styles.layout}>
        <div className={styles.writing}>
          <Field label={text.title} labelHidden problem={problems.title} className={styles.titleField}>
            <input
              value={draft.title}
              placeholder={text.title}
              onChange={(e) => changeDraft({ title: e.target.value })}
              maxLength={200}
            />
          </Field>
          <div className={styles.toolbar}>
            <button
              type="button"
              aria-pressed={preview !== null}
              onClick={() => setPreview(preview === null ? '' : null)}
            >
              {text.preview}
            </button>
            <button
              ref={fullscreenToggle}
              type="button"
              aria-pressed={fullscreen}
              onClick={() => setFullscreen(!fullscreen)}
            >
              {fullscreen ? text.exitFullscreen : text.fullscreen}
            </button>
            <FilePickButton
              label={text.uploadImage}
              multiple
              onFiles={(files) =>
                void upload(files, 'images').then(
                  (paths) =>
                    paths.length &&
                    changeDraft({ body: `${$editor.get().draft.body}\n\n${paths.map((p) => `![](${p})`).join('\n')}` }),
                )
              }
            />
            <UploadProgress spot="body" />
          </div>
          {bodyProblem && (
            <p className={styles.error} role="alert">
              {bodyProblem}
            </p>
          )}
          <div className={styles.editorArea} data-preview={preview !== null} data-fullscreen={fullscreen}>
            <BodyEditor
              value={draft.body}
              onChange={(body) => changeDraft({ body })}
              fullscreen={fullscreen}
              onUploadImg={(files, done) => void upload(files, 'images').then(done)}
            />
            {preview !== null && (
              <div
                className={`${styles.preview} prose`}
                aria-label={text.preview}
                dangerouslySetInnerHTML={{ __html: preview }}
              />
            )}
          </div>
        </div>
        <ArticleSettings
          tagsTyped={tagsTyped}
          setTagsTyped={setTagsTyped}
          uploadCover={(files) => void upload(files, 'covers').then(([path]) => path && changeDraft({ cover: path }))}
        />
      </div>
    </div>
  );
}
