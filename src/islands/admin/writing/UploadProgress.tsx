import { useStore } from '@nanostores/react';
import { writingText } from '../../../i18n/writing.zh-CN';
import { $imageUploads, type UploadSpot } from '../../../stores/imageUploads';
import styles from './Writing.module.scss';

/**
 * Beside the control an upload came from: the file going now with its share sent, and why any
 * were refused. The line is announced to screen readers as it changes, a refusal as an alert;
 * idle, it takes no room in the row or grid around it and stays there for screen readers.
 */
export default function UploadProgress({ spot }: { spot: UploadSpot }) {
  const { progress, problems } = useStore($imageUploads)[spot];
  const idle = !progress && problems.length === 0;
  return (
    <span className={idle ? 'visually-hidden' : undefined} data-upload-spot={spot}>
      <span role="status" aria-label={writingText.uploadStatus[spot]} className={styles.hint}>
        {progress && writingText.uploadProgress(progress)}
      </span>
      {progress?.phase === 'sending' && (
        <>
          {' '}
          <progress max={100} value={Math.floor(progress.percent)} aria-hidden="true" />
        </>
      )}
      {problems.length > 0 && (
        <span role="alert" className={styles.error}>
          {' '}
          {problems.join('；')}
        </span>
      )}
    </span>
  );
}
