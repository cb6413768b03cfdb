import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { uploadPicture } from '../../../client/uploadPicture';
import { TALK_IMAGES_MAX } from '../../../contract/limits';
import { adminText } from '../../../i18n/admin.zh-CN';
import { writingText } from '../../../i18n/writing.zh-CN';
import type { WritingTalk } from '../../../contract/writing';
import { $talks, $talksFailed, $talksTrashed, binTalk, loadTalks, saveTalk } from '../../../stores/writingLists';
import ProblemLine from '../ProblemLine';
import FilePickButton from './FilePickButton';
import PublishStatus from './PublishStatus';
import styles from './Writing.module.scss';

const text = writingText;

/** /admin/talks: write or edit a talk with up to nine pictures; the list with edit, bin and restore. */
export default function TalksScreen() {
  const talks = useStore($talks);
  const trashed = useStore($talksTrashed);
  const failed = useStore($talksFailed);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [pinned, setPinned] = useState(false);
  const [visible, setVisible] = useState(true);
  const [problem, setProblem] = useState('');
  /** The talk being edited, or null for a new one. */
  const [editing, setEditing] = useState<WritingTalk | null>(null);
  useEffect(() => void loadTalks(false), []);

  function fill(talk: WritingTalk | null) {
    setEditing(talk);
    setContent(talk?.content ?? '');
    setImages(talk?.images ?? []);
    setPinned(talk?.pinned ?? false);
    setVisible(talk?.public ?? true);
    setProblem('');
  }

  async function addImages(files: File[]) {
    for (const file of files.slice(0, TALK_IMAGES_MAX - images.length)) {
      const uploaded = await uploadPicture(file);
      if ('url' in uploaded) setImages((list) => [...list, uploaded.url]);
      else setProblem(uploaded.problem);
    }
  }
  async function publish() {
    if (!content.trim()) return setProblem(text.contentRequired);
    if (
      await saveTalk(editing?.id ?? null, {
        content,
        images,
        pinned,
        public: visible,
        base_revision: editing?.revision ?? null,
      })
    )
      fill(null);
  }

  return (
    <div className={styles.screen}>
      <ProblemLine />
      <section className={styles.fields} aria-label={editing ? text.editTalk : text.newTalk}>
        <label className={`${styles.field} ${styles.wide}`}>
          <span>{text.content}</span>
          <textarea rows={4} value={content} maxLength={2000} onChange={(e) => setContent(e.target.value)} />
          {problem && (
            <span className={styles.error} role="alert">
              {problem}
            </span>
          )}
        </label>
        <div className={styles.thumbs}>
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              aria-label={text.removeImage(i + 1)}
              onClick={() => setImages(images.filter((s) => s !== src))}
            >
              <img src={src} alt="" />
            </button>
          ))}
        </div>
        <div className={styles.checks}>
          <FilePickButton
            label={text.uploadImage}
            multiple
            disabled={images.length >= TALK_IMAGES_MAX}
            onFiles={(files) => void addImages(files)}
          />
          <span className={styles.hint}>{text.imagesMax(TALK_IMAGES_MAX)}</span>
          <label>
            <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} /> {text.pinned}
          </label>
          <label>
            <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} /> {text.public}
          </label>
          <button type="button" className={styles.primary} onClick={() => void publish()}>
            {text.publish}
          </button>
          {editing && (
            <button type="button" onClick={() => fill(null)}>
              {text.cancel}
            </button>
          )}
        </div>
      </section>
      <PublishStatus />
      <div role="group" aria-label={text.statusFilter} className={styles.toolbar}>
        <button type="button" aria-pressed={!trashed} onClick={() => void loadTalks(false)}>
          {adminText.all}
        </button>
        <button type="button" aria-pressed={trashed} onClick={() => void loadTalks(true)}>
          {text.statuses.trash}
        </button>
      </div>
      {talks === null ? (
        failed ? (
          <p>
            <button type="button" onClick={() => void loadTalks(trashed)}>
              {adminText.loadFailed}
            </button>
          </p>
        ) : (
          <p aria-busy="true">{adminText.loading}</p>
        )
      ) : talks.length === 0 ? (
        <p>{adminText.empty}</p>
      ) : (
        <ul>
          {talks.map((talk) => (
            <li key={talk.id} className={styles.notice}>
              <p>
                {talk.pinned && `[${text.pinned}] `}
                {!talk.public && `[${text.statuses.private}] `}
                {talk.date}
              </p>
              <p>{talk.content}</p>
              <div className={styles.buttons}>
                {!talk.trashed && (
                  <button
                    type="button"
                    onClick={() => {
                      fill(talk);
                      scrollTo({ top: 0 });
                    }}
                  >
                    {text.edit}
                  </button>
                )}
                <button type="button" onClick={() => void binTalk(talk.id, talk.trashed ? 'restore' : 'trash')}>
                  {talk.trashed ? text.restore : text.trash}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
