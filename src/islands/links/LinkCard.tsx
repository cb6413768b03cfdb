import { useEffect, useId, useState, type CSSProperties } from 'react';
import { linkText } from '../../i18n/links.zh-CN';
import { letterIcon } from '../../lib/browser/linkForm';
import styles from './Links.module.scss';

interface Props {
  name: string;
  desc: string;
  icon: string;
  /** The download address; null while it is not a valid one (the preview of a form being filled). */
  url: string | null;
}

/** The picture, or the name's first letter when there is none or it does not load. */
export function LinkIcon({ name, icon }: { name: string; icon: string }) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [icon]);
  if (icon && !broken)
    return (
      <img
        className={styles.icon}
        src={icon}
        alt=""
        width="48"
        height="48"
        loading="lazy"
        onError={() => setBroken(true)}
      />
    );
  const { letter, hue } = letterIcon(name);
  return (
    <span className={styles.icon} data-letter style={{ '--hue': hue } as CSSProperties} aria-hidden="true">
      {letter}
    </span>
  );
}

/** One download as the list shows it: icon, name and description; the name opens the address in a new tab. */
export default function LinkCard({ name, desc, icon, url }: Props) {
  const id = useId();
  return (
    <article className={styles.card} aria-labelledby={id} data-testid="link-card">
      <LinkIcon name={name} icon={icon} />
      <div className={styles.body}>
        <h3 id={id} className={styles.name}>
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
              {name}
              <span className="visually-hidden">{linkText.opensNewTab}</span>
            </a>
          ) : (
            name
          )}
        </h3>
        <p className={styles.desc}>{desc}</p>
      </div>
    </article>
  );
}
