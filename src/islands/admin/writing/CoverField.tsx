import { useId } from 'react';
import { writingText } from '../../../i18n/writing.zh-CN';
import { articleDirOf, contentFileUrl } from '../../../lib/shared/contentFiles';
import FilePickButton from './FilePickButton';
import UploadProgress from './UploadProgress';
import styles from './Writing.module.scss';

const text = writingText;

interface Props {
  /** `./covers/…` beside the article, or empty. */
  cover: string;
  /** The article's file, against whose folder the cover resolves; null for a new article. */
  file: string | null;
  problem?: string;
  onFiles: (files: File[]) => void;
  onRemove: () => void;
}

/** 封面: the picture itself, as the console can show it before a build, with 更换 and 去掉 beside it. */
export default function CoverField({ cover, file, problem, onFiles, onRemove }: Props) {
  const id = useId();
  const url = cover ? contentFileUrl(articleDirOf(file), cover) : null;
  return (
    <div
      className={styles.field}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <span id={`${id}-label`} className={styles.fieldLabel}>
        {text.cover}
      </span>
      {cover &&
        (url ? (
          <img className={styles.coverPreview} src={url} alt={text.coverPreview} />
        ) : (
          <span className={styles.hint}>{cover}</span>
        ))}
      <div className={styles.controlRow}>
        <FilePickButton
          label={cover ? text.replaceCover : text.chooseCover}
          className={styles.button}
          onFiles={onFiles}
        />
        {cover && (
          <button type="button" className={styles.button} onClick={onRemove}>
            {text.removeCover}
          </button>
        )}
        <UploadProgress spot="cover" />
      </div>
      {problem && (
        <span id={`${id}-problem`} className={styles.error} role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
