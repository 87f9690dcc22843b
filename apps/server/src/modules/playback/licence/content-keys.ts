/**
 * The content keys of encrypted media (ClearKey / CENC), by key id. The media side fills it (the
 * demo build's encrypted items at start; an ingest later); the licence endpoint reads it and hands
 * a key out only to a play token whose media folder the key belongs to.
 */
export interface ContentKey {
  /** 32 hex digits. */
  keyId: string;
  /** 32 hex digits. Never logged, never served as a file. */
  key: string;
  /** The media folder the key decrypts, as a URL path prefix ending in '/': `/demo-media/programme-clearkey-<hash>/`. */
  mediaPrefix: string;
}

export class ContentKeyStore {
  private readonly byKeyId = new Map<string, ContentKey>();

  add(key: ContentKey): void {
    this.byKeyId.set(key.keyId.toLowerCase(), {
      ...key,
      keyId: key.keyId.toLowerCase(),
      key: key.key.toLowerCase(),
    });
  }

  get(keyId: string): ContentKey | undefined {
    return this.byKeyId.get(keyId.toLowerCase());
  }

  /** The keys of one media folder. */
  forPrefix(mediaPrefix: string): ContentKey[] {
    return [...this.byKeyId.values()].filter((k) => k.mediaPrefix === mediaPrefix);
  }
}
