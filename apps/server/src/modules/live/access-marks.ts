import type { Program } from '@antenne/contract';

/**
 * Access-service marks (ADR 0029): a title's PROGRAM_FLAGS SUBTITLES | AUDIO_DESCRIPTION, read
 * from its packaged media (the stream module's media parsing, once per folder). The stored flags
 * stay the schedule's (2/4/8); the marks are added when answering. Media change with the
 * catalogue, whose version keys the answers' ETags.
 */
export type AccessMarks = (assetId: string) => Promise<number>;

/** Adds each programme's access marks to its flags, one look-up per title; a failed look-up marks nothing. */
export async function withAccessMarks(programs: Program[], marks: AccessMarks | undefined): Promise<void> {
  if (marks === undefined || programs.length === 0) return;
  const ids = [...new Set(programs.map((p) => p.assetId))];
  const found = new Map(
    await Promise.all(ids.map(async (id) => [id, await marks(id).catch(() => 0)] as const)),
  );
  for (const p of programs) p.flags |= found.get(p.assetId) ?? 0;
}
