import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { LinkItem } from '../../contract/links';
import { linkText } from '../../i18n/links.zh-CN';
import { isEditable } from '../../lib/browser/linkForm';
import { $linkForm, $myLinks, editLink, openMyLinks } from '../../stores/links';
import { APPLY_FORM_ID } from './ApplyForm';
import { LinkIcon } from './LinkCard';
import styles from './Apply.module.scss';

const text = linkText;

/** "我的申请": every application of mine with its state; pending and rejected ones can be changed. */
export default function MyApplications() {
  const { list, loading, failed, loaded } = useStore($myLinks);
  const editing = useStore($linkForm, { keys: ['editing'] }).editing;
  const id = useId();

  useEffect(() => void openMyLinks(), []);

  function edit(item: LinkItem) {
    editLink(item);
    // The form is above the list: the reader is taken to it, at its first field.
    const form = document.getElementById(APPLY_FORM_ID);
    form?.scrollIntoView({
      block: 'start',
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
    form?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  }

  let body;
  if (!loaded && failed)
    body = (
      <button type="button" className={styles.retry} onClick={() => void openMyLinks()}>
        {text.mineFailed}
      </button>
    );
  else if (!loaded)
    body = (
      <p className={styles.hint} aria-busy="true">
        {text.mineLoading}
      </p>
    );
  else if (list.length === 0) body = <p className={styles.hint}>{text.mineEmpty}</p>;
  else {
    body = (
      <ul className={styles.mine} aria-busy={loading} data-testid="my-links">
        {list.map((item) => (
          <li key={item.id} data-editing={editing === item.id || undefined}>
            <LinkIcon name={item.site_name} icon={item.site_avatar} />
            <span className={styles.what}>
              <strong>{item.site_name}</strong>
              <small>
                {text.submittedAt} {item.updatedAt}
              </small>
            </span>
            <span className={styles.status} data-status={item.status}>
              {text.statuses[item.status]}
            </span>
            {editing === item.id ? (
              <span className={styles.hint}>{text.editing}</span>
            ) : (
              isEditable(item) && (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => edit(item)}
                  aria-label={text.editLabel(item.site_name)}
                >
                  {text.edit}
                </button>
              )
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={`card ${styles.mineSection}`} aria-labelledby={`${id}-mine`}>
      <h2 id={`${id}-mine`}>{text.mine}</h2>
      {body}
    </section>
  );
}
