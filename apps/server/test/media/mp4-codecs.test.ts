import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { mp4Codecs } from '../../src/modules/media/mp4-codecs.js';

const box = (type: string, payload: number[]) => {
  const size = 8 + payload.length;
  return [
    size >>> 24,
    (size >>> 16) & 0xff,
    (size >>> 8) & 0xff,
    size & 0xff,
    ...Buffer.from(type, 'latin1'),
    ...payload,
  ];
};
/** avcC: version 1, High profile (0x64), no constraints, level 4.0 (0x28), then the rest (ignored). */
const avcC = box('avcC', [1, 0x64, 0x00, 0x28, 0xff, 0xe1]);
/** esds: version/flags, ES_Descriptor (size in four bytes) → DecoderConfigDescriptor (OTI 0x40) → DecoderSpecificInfo (AAC-LC: 2 << 3). */
const esds = (audioConfig: number[]) =>
  box('esds', [
    0,
    0,
    0,
    0,
    0x03,
    0x80,
    0x80,
    0x80,
    0x25,
    0x00,
    0x02,
    0x00,
    0x04,
    0x80,
    0x80,
    0x80,
    0x17,
    0x40,
    0x15,
    0x00,
    0x00,
    0x00,
    0x00,
    0x01,
    0xf4,
    0x00,
    0x00,
    0x01,
    0x7c,
    0xad,
    0x05,
    0x80,
    0x80,
    0x80,
    0x05,
    ...audioConfig,
  ]);

describe('mp4Codecs', () => {
  test('the H.264 profile/level and the AAC object types, RFC 6381', () => {
    expect(mp4Codecs(Uint8Array.from([...box('ftyp', [0, 0, 0, 0]), ...avcC, ...esds([0x11, 0x90])]))).toBe(
      'avc1.640028,mp4a.40.2',
    );
    // HE-AAC (5), and an escaped audio object type (31 → 32 + 6 bits).
    expect(mp4Codecs(Uint8Array.from([...esds([0x2b, 0x92])]))).toBe('mp4a.40.5');
    expect(mp4Codecs(Uint8Array.from([...esds([0xf8, 0x40])]))).toBe('mp4a.40.34');
    expect(mp4Codecs(Uint8Array.from(avcC))).toBe('avc1.640028');
    expect(mp4Codecs(Uint8Array.from(box('ftyp', [0, 0, 0, 0])))).toBeUndefined();
    expect(mp4Codecs(new Uint8Array())).toBeUndefined();
  });

  // The demo's own creatives, when this machine has built them (libx264 Main 3.1, AAC-LC).
  const media = path.join(loadConfig().cacheDir, 'media');
  const ads = existsSync(media)
    ? readdirSync(media).filter(
        (folder) => folder.startsWith('ad-') && existsSync(path.join(media, folder, 'ad.mp4')),
      )
    : [];
  test.skipIf(ads.length === 0)('the demo ad creatives', () => {
    for (const folder of ads)
      expect(mp4Codecs(readFileSync(path.join(media, folder, 'ad.mp4'))), folder).toBe(
        'avc1.4d401f,mp4a.40.2',
      );
  });
});
