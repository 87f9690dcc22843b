import {
  CATCHUP_DAYS,
  hasProgramFlag,
  parseProgramDetailsId,
  type Asset,
  type Program,
} from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { useProgram } from '../../api/epg';
import { useOnNow } from '../../api/on-now';
import { descriptionOf, titleOf } from '../../lib/asset-display';
import { formatClock, formatDay, programStateAt, useNow, type ProgramState } from '../../lib/live';
import { Navigate, useLocation, useParams } from '../../lib/router';
import { backgroundOf } from './details-model';
import { DetailsBackground } from './details-background';
import { ProgramActions } from './program-actions';
import styles from './vod-details-page.module.css';
import own from './epg-details-page.module.css';

/** The programme's state follows the clock at this pace (an action appears when it starts or ends). */
const CLOCK_MS = 30_000;

const STATE_KEYS = {
  live: 'GUIDE.STATE_LIVE',
  ended: 'GUIDE.STATE_ENDED',
  upcoming: 'GUIDE.STATE_UPCOMING',
} as const satisfies Record<ProgramState, string>;

/** The programme's flags; the access-service marks (ADR 0029) shown short, named in full. */
const FLAG_KEYS = [
  ['CATCHUP', 'GUIDE.FLAG_CATCHUP'],
  ['STARTOVER', 'GUIDE.FLAG_STARTOVER'],
  ['PVR', 'GUIDE.FLAG_PVR'],
  ['SUBTITLES', 'GUIDE.FLAG_SUBTITLES', 'GUIDE.MARK_SUBTITLES'],
  ['AUDIO_DESCRIPTION', 'GUIDE.FLAG_AUDIO_DESCRIPTION', 'GUIDE.MARK_AUDIO_DESCRIPTION'],
] as const;

/**
 * /details/epg/{channelId#startTimestampMs}: the `#` arrives encoded (%23) inside the id, or,
 * when a link left it raw, as the URL's hash; both give the same programme. An id that is not one,
 * or no programme starting then on that channel, → /notFound.
 */
export default function EpgDetailsPage() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const detailsId = id.includes('#') || !hash ? id : `${id}${hash}`;
  if (!parseProgramDetailsId(detailsId)) return <Navigate to="/notFound" replace />;
  return <ProgramDetails key={detailsId} detailsId={detailsId} />;
}

function ProgramDetails({ detailsId }: { detailsId: string }) {
  const { t } = useTranslation();
  const program = useProgram(detailsId);
  if (program.isPending) {
    return (
      <div className={styles.page}>
        <div className={styles.background} aria-hidden="true" />
        <p role="status" className={styles.status}>
          {t('PROGRAM.LOADING')}
        </p>
      </div>
    );
  }
  if (program.isError) {
    const { error } = program;
    // Not one, none starting then, or a date outside the schedule's window (422).
    if (isApiError(error) && [400, 404, 422].includes(error.httpCode)) {
      return <Navigate to="/notFound" replace />;
    }
    return (
      <div className={styles.page}>
        <h1 className="visually-hidden">{t('PAGES.PROGRAMME_DETAILS')}</h1>
        <p role="alert" className={styles.status}>
          {t('PROGRAM.ERROR')}
        </p>
      </div>
    );
  }
  return <Details program={program.data} />;
}

function Details({ program }: { program: Program }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const now = useNow(CLOCK_MS);
  // The channels' names and logos: the on-now answer the guide and the home lane read too.
  const onNow = useOnNow();
  const channel: Asset | undefined = onNow.data?.apiChannelStatuses.find(
    (s) => s.channel.assetId === program.channelId,
  )?.channel;
  const start = Date.parse(program.startTime);
  const end = Date.parse(program.endTime);
  const state = programStateAt(start, end, now);
  const title = titleOf(program.asset, language);
  const summary = descriptionOf(program.asset, language);
  const background = backgroundOf(program.asset, language);
  const flags = FLAG_KEYS.filter(([flag]) => hasProgramFlag(program.flags, flag));
  const catchupOpen = hasProgramFlag(program.flags, 'CATCHUP') && now - end <= CATCHUP_DAYS * 86_400_000;

  return (
    <div className={styles.page}>
      <DetailsBackground image={background} />
      <div className={styles.content}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.facts}>
          <span>{channel ? titleOf(channel, language) : program.channelId}</span>
          <span>
            {t('PROGRAM.WHEN', {
              day: formatDay(start, language),
              start: formatClock(start, language),
              end: formatClock(end, language),
            })}
          </span>
          <span className={state === 'live' ? own.live : own.state}>{t(STATE_KEYS[state])}</span>
        </p>
        {summary ? <p className={styles.summary}>{summary}</p> : null}
        {flags.length > 0 ? (
          <ul className={own.flags} aria-label={t('PROGRAM.FLAGS')}>
            {flags.map(([flag, key, short]) => (
              <li key={flag} className={own.flag}>
                {short === undefined ? (
                  t(key)
                ) : (
                  <>
                    <span aria-hidden="true" title={t(key)}>
                      {t(short)}
                    </span>
                    <span className="visually-hidden">{t(key)}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <ProgramActions program={program} state={state} catchupOpen={catchupOpen} />
      </div>
    </div>
  );
}
