import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ACCEPTED_PICTURES, uploadPicture } from '../../client/uploadPicture';
import { MESSAGE_MAX_CHARS } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import { charCount } from '../../lib/shared/text';
import { FONT_SIZES, FONT_WEIGHTS } from '../../lib/browser/messageLook';
import {
  $boardPost,
  boardPostProblem,
  prepareBoardPost,
  sendBoardPost,
  setBoardPostField,
  toMessageDraft,
  type BoardPostDraft,
  type EditRefusal,
} from '../../stores/boardPostForm';
import { $isLoggedIn, $userInfo, rememberRoute } from '../../stores/user';
import { useHydrated } from '../shared/useHydrated';
import { fontSizePx } from '../../lib/shared/messageRules';
import MessageCard from './MessageCard';
import styles from './Board.module.scss';

const text = t.board;

/** /message/publish: write a message, or edit one's own (`?id=N`), with its look and a live preview. */
export default function PublishForm({ defaultAvatar }: { defaultAvatar: string }) {
  const hydrated = useHydrated();
  const loggedIn = useStore($isLoggedIn);
  const user = useStore($userInfo);
  const draft = useStore($boardPost);
  const [problem, setProblem] = useState('');
  /** The message to edit: on its way, or why it could not be opened. Either way the form waits. */
  const [opening, setOpening] = useState<'loading' | EditRefusal | null>('loading');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!hydrated) return;
    if (!loggedIn) {
      rememberRoute();
      // In place of this page: Back from the login page goes to where the reader was, not here to be sent on again.
      void navigate('/login', { history: 'replace' });
      return;
    }
    open();
  }, [hydrated, loggedIn]);

  function open() {
    setOpening('loading');
    const editing = Number(new URLSearchParams(location.search).get('id')) || null;
    void prepareBoardPost(editing).then(setOpening);
  }

  // The server does not know who is reading: the first render says only that the form is coming.
  if (!hydrated) return <p className="muted">{text.loading}</p>;
  if (!loggedIn || !user) return <p className="muted">{text.loginFirst}</p>;
  if (opening === 'loading') return <p className="muted">{text.loading}</p>;
  if (opening) {
    return (
      <div className={styles.unopened}>
        <p role="alert">{opening.problem}</p>
        {opening.retry ? (
          <button type="button" onClick={open}>
            {text.retry}
          </button>
        ) : (
          <a href="/message/list">{text.back}</a>
        )}
      </div>
    );
  }

  const field =
    <K extends keyof BoardPostDraft>(key: K) =>
    (value: BoardPostDraft[K]) => {
      setBoardPostField(key, value);
      setProblem('');
    };

  async function pickImage(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const uploaded = await uploadPicture(file);
    setUploading(false);
    if ('problem' in uploaded) setProblem(uploaded.problem);
    else field('bg_url')(uploaded.url);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = boardPostProblem($boardPost.get());
    if (found) return setProblem(found);
    setBusy(true);
    const refused = await sendBoardPost();
    setBusy(false);
    if (refused) setProblem(refused);
  }

  const sent = toMessageDraft(draft);
  const preview = {
    id: draft.editing ?? 0,
    message: sent.message || text.previewEmpty,
    color: sent.color ?? '',
    font_size: fontSizePx(draft.font_size),
    font_weight: String(sent.font_weight ?? ''),
    bg_color: sent.bg_color ?? '',
    bg_url: sent.bg_url ?? '',
    tag: sent.tag ?? '',
    user_id: user.id,
    nick_name: user.nick_name,
    avatar: user.avatar,
    like_times: 0,
    is_like: false,
    comment_total: 0,
    createdAt: '',
  };

  return (
    <div className={styles.publish}>
      <form className={styles.publishForm} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{draft.editing ? text.editTitle : text.publishTitle}</h2>
        <label htmlFor={`${id}-message`}>{text.content}</label>
        <textarea
          id={`${id}-message`}
          value={draft.message}
          onChange={(e) => field('message')(e.target.value)}
          placeholder={text.placeholder}
          rows={6}
          aria-describedby={`${id}-count`}
        />
        <span id={`${id}-count`} className={styles.counter}>
          {text.counter(charCount(draft.message), MESSAGE_MAX_CHARS)}
        </span>

        <div className={styles.fields}>
          <label>
            {text.color}
            <span className={styles.colorRow}>
              <input
                type="color"
                value={draft.color || '#333333'}
                onChange={(e) => field('color')(e.target.value)}
                aria-label={text.color}
              />
              {draft.color && (
                <button type="button" onClick={() => field('color')('')}>
                  {text.defaultValue}
                </button>
              )}
            </span>
          </label>
          <label>
            {text.fontSize}
            <select value={draft.font_size} onChange={(e) => field('font_size')(e.target.value)}>
              <option value="">{text.defaultValue}</option>
              {FONT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <label>
            {text.fontWeight}
            <select value={draft.font_weight} onChange={(e) => field('font_weight')(e.target.value)}>
              {FONT_WEIGHTS.map((weight) => (
                <option key={weight} value={weight}>
                  {text.weights[weight] ?? weight}
                </option>
              ))}
            </select>
          </label>
          <label>
            {text.tag}
            <input
              value={draft.tag}
              onChange={(e) => field('tag')(e.target.value)}
              placeholder={text.tagPlaceholder}
              maxLength={20}
            />
          </label>
        </div>

        <fieldset className={styles.background}>
          <legend>{text.background}</legend>
          {(['none', 'color', 'image'] as const).map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name={`${id}-bg`}
                checked={draft.background === mode}
                onChange={() => field('background')(mode)}
              />
              {{ none: text.noBackground, color: text.bgColor, image: text.bgImage }[mode]}
            </label>
          ))}
          {draft.background === 'color' && (
            <input
              type="color"
              value={draft.bg_color || '#fff7e6'}
              onChange={(e) => field('bg_color')(e.target.value)}
              aria-label={text.bgColor}
            />
          )}
          {draft.background === 'image' && (
            <label className={styles.upload} aria-disabled={uploading}>
              {uploading ? text.uploading : text.chooseImage}
              <input
                type="file"
                accept={ACCEPTED_PICTURES.join(',')}
                disabled={uploading}
                onChange={(e) => void pickImage(e.target.files?.[0])}
                className="visually-hidden"
              />
            </label>
          )}
        </fieldset>

        <p className={problem ? styles.error : styles.counter} role={problem ? 'alert' : undefined}>
          {problem}
        </p>
        <button type="submit" className={styles.submit} disabled={busy || uploading}>
          {busy ? text.submitting : draft.editing ? text.save : text.submit}
        </button>
      </form>
      <section className={styles.preview} aria-label={text.preview}>
        <h2>{text.preview}</h2>
        <MessageCard message={preview} me={null} defaultAvatar={defaultAvatar} />
      </section>
    </div>
  );
}
