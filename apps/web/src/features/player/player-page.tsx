import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stripAssetPrefix, useAsset } from '../../api/get-asset';
import { titleOf } from '../../lib/asset-display';
import { useParams } from '../../lib/router';
import { useSessionStore } from '../../state/session-store';
import type { PlayerActions, PlayerState } from './controller';
import { useLiveState } from './hooks/use-live-state';
import { useLeavePlayer, useNextEpisode } from './hooks/use-player-navigation';
import { usePlayCall } from './hooks/use-play-call';
import { usePlaybackEvents } from './hooks/use-playback-events';
import { usePlaybackFailure } from './hooks/use-playback-failure';
import { usePlaybackSession } from './hooks/use-playback-session';
import { usePlayerPopup } from './hooks/use-player-popup';
import { usePreroll } from './hooks/use-preroll';
import { useRemoteTargets } from './hooks/use-remote-targets';
import { parseProgress } from './playlist';
import { PlayerView } from './player-view';

/**
 * /player/{id}[/{progress}]?genre=…: the full-screen player (spec part 2 §2, §4). The route hides
 * the top bar and the footer (routes.tsx `hideTopBar`); the shell restores them on leave.
 * `progress` is the resume point in seconds (`0`: from the start).
 */
export default function PlayerPage() {
  const { id = '', progress } = useParams();
  const assetId = stripAssetPrefix(id);
  // Keyed by asset: the next episode starts with a fresh player, state and <video>.
  return <PlayerScreen key={assetId} assetId={assetId} progress={parseProgress(progress)} />;
}

/**
 * The container (the split of jwplayer/ott-web-app's PlayerContainer and Player): it gathers what
 * playback needs — the play call and its refusals, the pre-roll, the events, the session that
 * sequences bumpers → ad → asset, the next episode, cast and AirPlay — and hands the view its state.
 */
function PlayerScreen({ assetId, progress }: { assetId: string; progress: number | undefined }) {
  const { t, i18n } = useTranslation();
  const profileId = useSessionStore((state) => state.profile?.externalId);
  const asset = useAsset(assetId).data;
  const isEpisode = asset?.type === 'EPISODE';
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);

  const leave = useLeavePlayer();
  const popup = usePlayerPopup();
  const fail = usePlaybackFailure({ video, popup, leave });
  const play = usePlayCall({ assetId, popup, leave, fail });
  const next = useNextEpisode({ assetId, isEpisode, leave });
  const preroll = usePreroll();
  const events = usePlaybackEvents(asset);
  const session = usePlaybackSession({
    video,
    play,
    progress,
    preroll: preroll.source,
    observers: [events, () => ({ ended: () => void next.afterEnd(), failed: fail })],
  });
  const remote = useRemoteTargets({ video, play, content: session.content });
  const { live, programmeTitle } = useLiveState(play);

  const { loadedId, ...playback } = session.state;
  const state: PlayerState = {
    ...playback,
    ad: preroll.ad,
    // No next episode for a channel or a start-over.
    hasNext: next.hasNext && !live,
    castAvailable: remote.castAvailable,
    airplayAvailable: remote.airplayAvailable,
    title: programmeTitle ?? (asset ? titleOf(asset, i18n.language) : ''),
    subtitle:
      isEpisode && asset.season && asset.episode
        ? t('PLAYER.EPISODE_LINE', { season: asset.season, episode: asset.episode })
        : undefined,
    ...(live ? { live } : {}),
  };
  const actions: PlayerActions = {
    back: leave,
    selectTextTrack: session.selectTextTrack,
    selectAudioTrack: session.selectAudioTrack,
    nextEpisode: next.playNext,
    cast: remote.cast,
    airplay: remote.airplay,
    adClick: preroll.adClick,
    liveWindow: session.liveWindow,
  };

  return (
    <PlayerView
      state={state}
      loadedId={loadedId}
      actions={actions}
      video={video}
      videoRef={setVideo}
      profileId={profileId}
    />
  );
}
