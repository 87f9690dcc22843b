import { ContentKeyStore } from './licence/content-keys.js';

/**
 * What the playback module plays around and inside an asset that is not a catalogue asset: the
 * brand and classification bumpers, the ad creatives of the VAST decision, and the content keys of
 * encrypted media. The demo build fills it at start (modules/media/demo/prepare.ts); a broadcaster
 * deployment could fill it from its own media the same way. Until it is filled, no bumper plays
 * and the VAST decision has no ad (the content plays straight away).
 */

/** A bumper stream: manifest paths on this server (unsigned: the play route signs them). */
export interface BumperMedia {
  /** `/demo-media/bumper-brand-<hash>/master.m3u8` */
  hls?: string;
  /** `/demo-media/bumper-brand-<hash>/manifest.mpd` */
  dash?: string;
  durationMs: number;
}

/** An ad creative: a progressive MP4 (public, as ad servers serve them). */
export interface AdCreative {
  id: string;
  title: string;
  /** `/demo-media/ad-1-<hash>/ad.mp4` */
  mp4: string;
  durationMs: number;
  width: number;
  height: number;
  /** Where a click on the ad leads. */
  clickThrough: string;
  /** RFC 6381 codecs of the file (`avc1.4d401f,mp4a.40.2`): the VAST MediaFile's `codec`. */
  codecs?: string;
}

/** Bumper ids: 'bumper-brand', 'bumper-csa-10', 'bumper-csa-12', 'bumper-csa-16'. */
export class PlaybackMediaRegistry {
  readonly bumpers = new Map<string, BumperMedia>();
  readonly ads: AdCreative[] = [];
  readonly contentKeys = new ContentKeyStore();

  setBumper(id: string, media: BumperMedia): void {
    this.bumpers.set(id, media);
  }

  setAds(ads: AdCreative[]): void {
    this.ads.splice(0, this.ads.length, ...ads);
  }
}
