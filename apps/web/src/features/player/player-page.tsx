import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stripAssetPrefix, useAsset } from '../../api/get-asset';
import { titleOf } from '../../lib/asset-display';
import { useParams } from '../../lib/router';
import { useSessionStore } from '../../state/session-store';
import type { PlayerState } from './controller';
import { PlayerOverlay } from './overlay/player-overlay';
import { parseProgress } from './playlist';
import { isMobileUserAgent } from './remote-playback';
import { usePlayback } from './use-playback';
import styles from './player-page.module.css';

/**
 * /player/{id}[/{progress}]?genre=…: the full-screen player (spec part 2 §2, §4). The route hides
 * the top bar and the footer (routes.tsx `hideTopBar`); the shell restores them on leave.
 * `progress` is the resume point in seconds (`0`: from the start). Desktop gets the overlay,
 * mobile user agents the video's native controls.
 */
export default function PlayerPage() {
  const { id = '', progress } = useParams();
  const assetId = stripAssetPrefix(id);
  // Keyed by asset: the next episode starts with a fresh player, state and <video>.
  return <PlayerScreen key={assetId} assetId={assetId} progress={parseProgress(progress)} />;
}

function PlayerScreen({ assetId, progress }: { assetId: string; progress: number | undefined }) {
  const { t, i18n } = useTranslation();
  const profileId = useSessionStore((state) => state.profile?.externalId);
  const asset = useAsset(assetId).data;
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const mobile = useMemo(() => isMobileUserAgent(navigator.userAgent), []);

  const { state, actions } = usePlayback({
    video,
    assetId,
    progress,
    isEpisode: asset?.type === 'EPISODE',
  });

  const title = asset ? titleOf(asset, i18n.language) : '';
  const subtitle =
    asset?.type === 'EPISODE' && asset.season && asset.episode
      ? t('PLAYER.EPISODE_LINE', { season: asset.season, episode: asset.episode })
      : undefined;
  const { loadedId, ...playback } = state;
  const playerState: PlayerState = { ...playback, title, subtitle };
  const heading = title || t('PAGES.PLAYER');

  return (
    <section className={styles.page} aria-labelledby="player-heading">
      <title>{`${heading} · ${t('GENERAL.APP_NAME')}`}</title>
      <h1 id="player-heading" className="visually-hidden">
        {heading}
      </h1>
      <video
        ref={setVideo}
        className={styles.video}
        data-phase={state.phase}
        data-asset-id={loadedId}
        aria-label={heading}
        playsInline
        controls={mobile}
      />
      {!mobile && <PlayerOverlay video={video} state={playerState} actions={actions} profileId={profileId} />}
      <p role="status" className={state.phase === 'loading' ? styles.status : 'visually-hidden'}>
        {state.phase === 'loading' ? t('PLAYER.STATUS_LOADING') : ''}
      </p>
    </section>
  );
}
