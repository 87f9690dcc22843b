import { useTranslation } from 'react-i18next';
import type { PlayerActions, PlayerState, SubtitleStyle } from '../controller';
import { AudioIcon, SubtitleStyleIcon, SubtitlesIcon } from './overlay-icons';
import { OverlayMenu } from './overlay-menu';
import { SubtitleStyleDialog } from './subtitle-style-dialog';

export type OpenMenu = 'subtitles' | 'audio' | 'style' | null;

interface Props {
  state: PlayerState;
  actions: PlayerActions;
  openMenu: OpenMenu;
  setOpenMenu(update: (current: OpenMenu) => OpenMenu): void;
  subtitleStyle: SubtitleStyle;
  setSubtitleStyle(style: SubtitleStyle): void;
  portal: Element | undefined;
}

/**
 * The subtitle menu and its appearance dialog (when the asset has subtitles) and the audio menu
 * (when it has more than one audio track); one of them open at a time.
 */
export function TrackMenus({
  state,
  actions,
  openMenu,
  setOpenMenu,
  subtitleStyle,
  setSubtitleStyle,
  portal,
}: Props) {
  const { t } = useTranslation();
  const menuProps = (menu: Exclude<OpenMenu, null>) => ({
    open: openMenu === menu,
    onOpenChange: (open: boolean) =>
      setOpenMenu((current) => (open ? menu : current === menu ? null : current)),
    portal,
  });
  const textTrackOptions = [
    { key: 'none', label: t('PLAYER.OVERLAY.SUBTITLES_NONE'), checked: state.activeTextTrackId === null },
    ...state.textTracks.map((track) => ({
      key: String(track.id),
      label: track.label,
      checked: track.id === state.activeTextTrackId,
    })),
  ];
  const audioOptions = state.audioTracks.map((track) => ({
    key: String(track.id),
    label: track.label,
    checked: track.id === state.activeAudioTrackId,
  }));

  return (
    <>
      {state.textTracks.length > 0 && (
        <>
          <OverlayMenu
            label={t('PLAYER.OVERLAY.SUBTITLES')}
            icon={<SubtitlesIcon />}
            options={textTrackOptions}
            onSelect={(key) => actions.selectTextTrack(key === 'none' ? null : Number(key))}
            {...menuProps('subtitles')}
          />
          <SubtitleStyleDialog
            icon={<SubtitleStyleIcon />}
            value={subtitleStyle}
            onChange={setSubtitleStyle}
            {...menuProps('style')}
          />
        </>
      )}
      {state.audioTracks.length > 1 && (
        <OverlayMenu
          label={t('PLAYER.OVERLAY.AUDIO')}
          icon={<AudioIcon />}
          options={audioOptions}
          onSelect={(key) => actions.selectAudioTrack(Number(key))}
          {...menuProps('audio')}
        />
      )}
    </>
  );
}
