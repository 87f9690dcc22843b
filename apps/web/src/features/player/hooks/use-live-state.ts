import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { epgDateOf, type PlayResponse } from '@antenne/contract';
import { epgQueryOptions } from '../../../api/epg';
import { useStartup } from '../../../api/use-startup';
import { titleOf } from '../../../lib/asset-display';
import type { LiveState } from '../controller';
import { liveKindOf, liveProgrammes } from '../live';

const DAY_MS = 86_400_000;

/**
 * The live side of a play (ADR 0025): for a channel or a start-over, the overlay's live state —
 * the channel's programmes from yesterday to tomorrow (its EPG, UTC days: the programme at the
 * playhead is among them whatever the time zone), the played programme's span. For any programme
 * (catch-up too), its title from the EPG (a programme id is no catalogue asset).
 */
export function useLiveState(play: PlayResponse | null): {
  live: LiveState | undefined;
  programmeTitle: string | undefined;
} {
  const { config } = useStartup();
  const { i18n } = useTranslation();
  const [openedAt] = useState(() => Date.now());
  const kind = play ? liveKindOf(play) : null;
  const info = play?.streamInfo;
  const channelId = info?.channelId;
  const catchup = kind === 'catchup' && info?.start !== undefined;
  const date = epgDateOf(catchup ? (info?.start ?? openedAt) : openedAt - DAY_MS);
  const epg = useQuery({
    ...epgQueryOptions(config, channelId ?? '', date, catchup ? 1 : 3),
    enabled: kind !== null && channelId !== undefined,
  });
  const programs = epg.data?.[0]?.programs ?? [];
  const played = info?.programId ? programs.find((p) => p.programId === info.programId) : undefined;
  const programmeTitle = played ? titleOf(played.asset, i18n.language) : undefined;
  if (!info || (kind !== 'live' && kind !== 'startover')) return { live: undefined, programmeTitle };
  return {
    live: {
      kind,
      programmes: liveProgrammes(programs, (program) => titleOf(program.asset, i18n.language)),
      ...(info.start === undefined
        ? {}
        : { span: { startMs: info.start, ...(info.end === undefined ? {} : { endMs: info.end }) } }),
    },
    programmeTitle,
  };
}
