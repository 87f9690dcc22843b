import type { Media } from '@antenne/contract';
import type { Kysely } from 'kysely';
import { bumpCatalogueVersion } from '../../../db/catalogue-version.js';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import type { Tenant } from '../../../lib/business-unit.js';
import { listAssetsWithCustomData, setAssetMedias } from '../repository.js';
import { DEMO_MEDIA_URL_PREFIX, type DemoMediaEntry } from './build.js';

/**
 * Points the demo assets at the demo streams: every asset of the tenant whose `customData.programme`
 * names a stream item of the plan gets that item's HLS and DASH medias (an encrypted item: DASH only,
 * `drm: 'CENC'`). An asset that already has
 * other medias (a broadcaster's ingest, a catalogue file's own) is left alone; one that points at an
 * older build of its item (`/demo-media/<id>-<old hash>/`) is moved to the current one. One
 * transaction, one catalogue version bump when anything changed.
 */
export async function attachDemoMedia(
  db: Kysely<Database>,
  tenant: Tenant,
  entries: readonly DemoMediaEntry[],
): Promise<number> {
  const byId = new Map(entries.filter((e) => e.dash !== undefined).map((e) => [e.item.id, e]));
  const rows = await listAssetsWithCustomData(db, tenant);
  const updates: { id: string; medias: Media[] }[] = [];
  for (const row of rows) {
    const programme = programmeOf(row.custom_data);
    const entry = programme === undefined ? undefined : byId.get(programme);
    if (entry === undefined) continue;
    const current = parseMedias(row.medias);
    const ours = current.every(
      (m) => typeof m.locator === 'string' && m.locator.startsWith(DEMO_MEDIA_URL_PREFIX),
    );
    if (!ours) continue;
    const medias = demoMedias(row.id, entry, row.duration_ms === null ? undefined : Number(row.duration_ms));
    if (JSON.stringify(current) === JSON.stringify(medias)) continue;
    updates.push({ id: row.id, medias });
  }
  if (updates.length === 0) return 0;
  await inTransaction(db, async (trx) => {
    const now = new Date();
    for (const update of updates) await setAssetMedias(trx, update.id, update.medias, now.toISOString());
    await bumpCatalogueVersion(trx, now);
  });
  return updates.length;
}

/**
 * The asset's medias on a demo stream (same shape as an ingest's, modules/media/README.md): HLS and
 * DASH, or for an encrypted item its one DASH media with `drm: 'CENC'` (ClearKey has no HLS here).
 * Their `durationMillis` is the item's length, or for a clear programme the title's own catalogue
 * `duration` when longer (on the 2-second slot grid): the play call then serves the programme looped to
 * that length (ADR 0028). Trailers, bumpers and the encrypted programme keep their length.
 */
export function demoMedias(assetId: string, entry: DemoMediaEntry, assetDurationMs?: number): Media[] {
  const common = {
    durationMillis: demoDuration(entry, assetDurationMs),
    status: 'enabled',
    width: 1280,
    height: 720,
  };
  if (entry.item.encryption === 'cenc') {
    return [
      {
        mediaId: `${assetId}_dash`,
        name: 'DASH',
        format: 'DASH',
        drm: 'CENC',
        ...common,
        locator: entry.dash ?? '',
      },
    ];
  }
  return [
    {
      mediaId: `${assetId}_hls`,
      name: 'HLS',
      format: 'HLS',
      drm: 'UNENCRYPTED',
      ...common,
      locator: entry.hls ?? '',
    },
    {
      mediaId: `${assetId}_dash`,
      name: 'DASH',
      format: 'DASH',
      drm: 'UNENCRYPTED',
      ...common,
      locator: entry.dash ?? '',
    },
  ];
}

/** The slot grid the looped titles play on (modules/live/stream/timeline.ts SLOT_MS). */
const SLOT_MS = 2000;

/** How long a demo item plays as this asset: its own length, or a clear programme looped to the asset's. */
export function demoDuration(entry: DemoMediaEntry, assetDurationMs: number | undefined): number {
  const looped =
    entry.item.kind === 'programme' && entry.item.encryption === undefined && assetDurationMs !== undefined
      ? Math.round(assetDurationMs / SLOT_MS) * SLOT_MS
      : 0;
  return looped > entry.durationMs ? looped : entry.durationMs;
}

function programmeOf(customData: string | null): string | undefined {
  if (customData === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(customData);
    const programme = (parsed as { programme?: unknown } | null)?.programme;
    return typeof programme === 'string' ? programme : undefined;
  } catch {
    return undefined;
  }
}

function parseMedias(text: string): Media[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as Media[]) : [];
  } catch {
    return [];
  }
}
