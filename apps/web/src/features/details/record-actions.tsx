import { RECORDING_STATUS, type Program } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { useRecordings, useRecordingWrite } from '../../api/recordings';
import styles from './vod-details-page.module.css';

/**
 * Record / cancel recording, and record the series or stop it (issue 15 item 8, ADR 0026), shown by
 * ProgramActions to a signed-in profile — a restricted one too (ADR 0026: its recordings are its own, and their play
 * keeps the parental rules) — when the programme has the pvr flag and is not over. The series
 * buttons apply to an episode (its show, on this channel).
 */
export function RecordActions({ program }: { program: Program }) {
  const { t } = useTranslation();
  const recordings = useRecordings();
  const write = useRecordingWrite();
  if (recordings.isPending) return null;
  const recording = recordings.data?.items.find((r) => r.programId === program.programId);
  const recorded = recording !== undefined && recording.status !== RECORDING_STATUS.ERROR;
  const showId = program.asset.tvShowId;
  const series = recordings.data?.series.find(
    (s) => s.channelId === program.channelId && showId !== undefined && s.seriesKey === showId,
  );
  const busy = write.isPending;
  return (
    <>
      {recording === undefined ? (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => write.mutate({ kind: 'record', programId: program.programId })}
        >
          {t('RECORDINGS.RECORD')}
        </button>
      ) : (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => write.mutate({ kind: 'delete', recordingId: recording.recordingId })}
        >
          {t('RECORDINGS.CANCEL')}
        </button>
      )}
      {showId === undefined ? null : series === undefined ? (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => write.mutate({ kind: 'record', programId: program.programId, series: true })}
        >
          {t('RECORDINGS.RECORD_SERIES')}
        </button>
      ) : (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          onClick={() => write.mutate({ kind: 'stopSeries', seriesId: series.seriesId })}
        >
          {t('RECORDINGS.STOP_SERIES')}
        </button>
      )}
      <span role="status" className="visually-hidden">
        {recorded ? t('RECORDINGS.RECORDED') : ''}
      </span>
      {recording?.failureReason ? <p>{t(`RECORDINGS.REASON_${recording.failureReason}`)}</p> : null}
      {write.isError ? <p role="alert">{t('RECORDINGS.WRITE_ERROR')}</p> : null}
    </>
  );
}
