import { hasProgramFlag, type Program } from '@antenne/contract';
import { useTranslation } from 'react-i18next';
import type { ProgramState } from '../../lib/live';
import { useUserToken } from '../../state/session-store';
import { PlayAction } from './play-action';
import { RecordActions } from './record-actions';
import { ReminderToggle } from './reminder-toggle';
import styles from './vod-details-page.module.css';

const player = (id: string) => `/player/${encodeURIComponent(id)}`;

/**
 * What a programme offers by its state and flags (spec part 1 §2, §9): on air, watch live (the
 * channel) and, with the start-over flag, from its start (the programme); ended, with the catch-up
 * flag and within CATCHUP_DAYS, watch it; not started yet, be reminded at its start
 * (reminder-toggle.tsx); not over with the pvr flag, record it (record-actions.tsx).
 */
export function ProgramActions({
  program,
  state,
  catchupOpen,
}: {
  program: Program;
  state: ProgramState;
  catchupOpen: boolean;
}) {
  const { t } = useTranslation();
  const token = useUserToken();
  const primary = `${styles.action} ${styles.primary}`;
  let actions;
  if (state === 'live') {
    actions = (
      <>
        <PlayAction to={player(program.channelId)} label={t('PROGRAM.WATCH_LIVE')} className={primary} />
        {hasProgramFlag(program.flags, 'STARTOVER') ? (
          <PlayAction
            to={player(program.programId)}
            label={t('PROGRAM.START_OVER')}
            className={styles.action ?? ''}
          />
        ) : null}
      </>
    );
  } else if (state === 'ended') {
    actions = catchupOpen ? (
      <PlayAction to={player(program.programId)} label={t('PROGRAM.WATCH')} className={primary} />
    ) : (
      <p>
        {hasProgramFlag(program.flags, 'CATCHUP') ? t('PROGRAM.CATCHUP_OVER') : t('PROGRAM.NOT_AVAILABLE')}
      </p>
    );
  } else {
    actions = <ReminderToggle program={program} className={primary} />;
  }
  const canRecord = token !== null && state !== 'ended' && hasProgramFlag(program.flags, 'PVR');
  return (
    <div className={styles.actions} role="group" aria-label={t('PROGRAM.ACTIONS')}>
      {actions}
      {canRecord ? <RecordActions program={program} /> : null}
    </div>
  );
}
