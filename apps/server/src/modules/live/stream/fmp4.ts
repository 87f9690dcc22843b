/**
 * Moves an fMP4 media segment (styp, sidx, moof, mdat: one fragment, as the dash muxer writes)
 * to another place on the media timeline: every `traf/tfdt` baseMediaDecodeTime becomes
 * `mediaTime` (version 1: 64 bits; a version 0 box that cannot hold it is an error) and each
 * `sidx` earliest_presentation_time moves by the same amount. Sizes never change, so offsets
 * (trun data offsets, saio) stay right. media-notes §4's "offset" strategy.
 */

interface Box {
  type: string;
  start: number;
  size: number;
  header: number;
}

function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) throw new Error(`bad ${type} box at ${at}`);
    yield { type, start: at, size, header };
    at += size;
  }
}

const read = (buf: Buffer, at: number, version: number) =>
  version === 1 ? Number(buf.readBigUInt64BE(at)) : buf.readUInt32BE(at);

function write(buf: Buffer, at: number, version: number, value: number): void {
  if (version === 1) buf.writeBigUInt64BE(BigInt(value), at);
  else if (value <= 0xffffffff) buf.writeUInt32BE(value, at);
  else throw new Error('a version 0 time box cannot hold the live media time');
}

/** A copy of `segment` whose first decode time is `mediaTime` (ticks of its track's timescale). */
export function retime(segment: Buffer, mediaTime: number): Buffer {
  const out = Buffer.from(segment);
  let shift: number | undefined;
  const sidxes: Box[] = [];
  for (const box of boxes(out, 0, out.length)) {
    if (box.type === 'sidx') sidxes.push(box);
    if (box.type !== 'moof') continue;
    for (const traf of boxes(out, box.start + box.header, box.start + box.size)) {
      if (traf.type !== 'traf') continue;
      for (const tfdt of boxes(out, traf.start + traf.header, traf.start + traf.size)) {
        if (tfdt.type !== 'tfdt') continue;
        const at = tfdt.start + tfdt.header;
        const version = out.readUInt8(at);
        const old = read(out, at + 4, version);
        shift ??= mediaTime - old;
        write(out, at + 4, version, old + shift);
      }
    }
  }
  if (shift === undefined) throw new Error('no tfdt in the segment');
  for (const sidx of sidxes) {
    const at = sidx.start + sidx.header;
    const version = out.readUInt8(at);
    // version/flags (4), reference_ID (4), timescale (4), then earliest_presentation_time.
    const ept = at + 12;
    write(out, ept, version, read(out, ept, version) + shift);
  }
  return out;
}

/** The first tfdt of a segment (tests and checks). */
export function firstDecodeTime(segment: Buffer): number | undefined {
  for (const box of boxes(segment, 0, segment.length)) {
    if (box.type !== 'moof') continue;
    for (const traf of boxes(segment, box.start + box.header, box.start + box.size)) {
      if (traf.type !== 'traf') continue;
      for (const tfdt of boxes(segment, traf.start + traf.header, traf.start + traf.size)) {
        if (tfdt.type !== 'tfdt') continue;
        const at = tfdt.start + tfdt.header;
        return read(segment, at + 4, segment.readUInt8(at));
      }
    }
  }
  return undefined;
}
