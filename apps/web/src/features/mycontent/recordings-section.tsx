import {
  RECORDING_STATUS,
  recordingMinutes,
  recordingStatusName,
  type Recording,
  type RecordingQuota,
} from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { useRecordings, useRecordingWrite } from '../../api/recordings';
import { openPopup } from '../../components/modal/popup-store';
import { titleOf } from '../../lib/asset-display';
import { formatClock, formatDay } from '../../lib/live';
import { Link } from '../../lib/router';
import styles from './recordings-section.module.css';

const STATUS_KEYS = {
  PENDING: 'RECORDINGS.STATUS_1',
  IN_PROGRESS: 'RECORDINGS.STATUS_2',
  DONE: 'RECORDINGS.STATUS_3',
  ERROR: 'RECORDINGS.STATUS_4',
  IDLE: 'RECORDINGS.STATUS_IDLE',
} as const;

/**
 * My content's recordings (issue 15 item 8, ADR 0026): each with its channel, date, duration in
 * minutes (spec part 1 §9), status by the server's clock (§4) and failure reason; the household's
 * quota; play (done ones) and delete (after a confirmation).
 */
export function RecordingsSection() {
  const { t } = useTranslation();
  const recordings = useRecordings();
  let body;
  if (recordings.isPending) body = <p role="status">{t('PROGRAM.LOADING')}</p>;
  else if (recordings.isError) body = <p role="alert">{t('RECORDINGS.LOAD_ERROR')}</p>;
  else {
    const { items, quota } = recordings.data;
    body = (
      <>
        <Quota quota={quota} />
        {items.length === 0 ? (
          <p>{t('RECORDINGS.EMPTY')}</p>
        ) : (
          <ul className={styles.list} aria-label={t('RECORDINGS.LIST')}>
            {items.map((recording) => (
              <RecordingItem key={recording.recordingId} recording={recording} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="mycontent-recordings">
      <h2 id="mycontent-recordings" className={styles.heading}>
        {t('RECORDINGS.TITLE')}
      </h2>
      {body}
    </section>
  );
}

function Quota({ quota }: { quota: RecordingQuota }) {
  const { t } = useTranslation();
  return (
    <p className={styles.quota}>
      {t('RECORDINGS.QUOTA', {
        used: recordingMinutes(quota.usedMs),
        limit: Math.round(quota.limitMs / 3_600_000),
        remaining: recordingMinutes(quota.remainingMs),
      })}
    </p>
  );
}

function RecordingItem({ recording }: { recording: Recording }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const write = useRecordingWrite();
  const start = Date.parse(recording.startTime);
  const end = Date.parse(recording.endTime);
  const name = recording.name;
  const confirmDelete = async () => {
    const { validated } = await openPopup({
      title: t('RECORDINGS.CONFIRM_TITLE'),
      text: t('RECORDINGS.CONFIRM_TEXT', { name }),
      validateLabel: t('RECORDINGS.CONFIRM_OK'),
      cancel: true,
    });
    if (validated) write.mutate({ kind: 'delete', recordingId: recording.recordingId });
  };
  return (
    <li className={styles.item}>
      <h3 className={styles.name}>{name}</h3>
      <p className={styles.facts}>
        <span>{recording.channel ? titleOf(recording.channel, language) : recording.channelId}</span>
        <span>
          {t('PROGRAM.WHEN', {
            day: formatDay(start, language),
            start: formatClock(start, language),
            end: formatClock(end, language),
          })}
        </span>
        <span>{t('RECORDINGS.DURATION', { minutes: recordingMinutes(recording.durationInMs) })}</span>
        <span className={styles.status}>{t(STATUS_KEYS[recordingStatusName(recording.status)])}</span>
      </p>
      {recording.failureReason ? (
        <p className={styles.reason}>{t(`RECORDINGS.REASON_${recording.failureReason}`)}</p>
      ) : null}
      <div className={styles.actions}>
        {recording.status === RECORDING_STATUS.DONE ? (
          <Link className={styles.action} to={`/player/${encodeURIComponent(recording.recordingId)}`}>
            <span aria-hidden="true">▶ </span>
            <span className="visually-hidden">{t('RECORDINGS.PLAY', { name })}</span>
          </Link>
        ) : null}
        <button
          type="button"
          className={styles.action}
          onClick={() => void confirmDelete()}
          disabled={write.isPending}
          aria-label={t('RECORDINGS.DELETE', { name })}
        >
          ✕
        </button>
      </div>
      {write.isError ? <p role="alert">{t('RECORDINGS.WRITE_ERROR')}</p> : null}
    </li>
  );
}
