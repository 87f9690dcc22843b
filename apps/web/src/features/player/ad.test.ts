import { describe, expect, test } from 'vitest';
import { pickMediaFile } from './ad';

describe('pickMediaFile', () => {
  test('a progressive MP4 first; its type carries the codecs the VAST names (no guessing by the media stack)', () => {
    expect(
      pickMediaFile([
        { fileURL: 'https://ads.example/a.webm', mimeType: 'video/webm', deliveryType: 'progressive' },
        {
          fileURL: 'https://ads.example/a.mp4',
          mimeType: 'video/mp4',
          codec: 'avc1.4d401f,mp4a.40.2',
          deliveryType: 'progressive',
        },
      ]),
    ).toEqual({ url: 'https://ads.example/a.mp4', mimeType: 'video/mp4; codecs="avc1.4d401f,mp4a.40.2"' });
  });

  test('without a codec, or with one that is not a codecs list, the bare type; no playable file, none', () => {
    expect(
      pickMediaFile([{ fileURL: 'https://ads.example/a.mp4', mimeType: 'video/mp4', codec: null }]),
    ).toEqual({
      url: 'https://ads.example/a.mp4',
      mimeType: 'video/mp4',
    });
    expect(
      pickMediaFile([
        { fileURL: 'https://ads.example/a.mp4', mimeType: 'video/mp4', codec: 'avc1"; evil="1' },
      ])?.mimeType,
    ).toBe('video/mp4');
    expect(
      pickMediaFile([
        { fileURL: 'https://ads.example/s.m3u8', mimeType: 'video/mp4', deliveryType: 'streaming' },
      ]),
    ).toBeUndefined();
    expect(pickMediaFile([{ fileURL: null, mimeType: 'video/mp4' }])).toBeUndefined();
  });
});
