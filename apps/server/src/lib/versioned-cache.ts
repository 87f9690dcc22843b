/**
 * A per-process cache of values read from the database, emptied when the catalogue version
 * changes. The version is re-read at most once per `checkEveryMs`, so N processes sharing one
 * database see a change within that delay and no request waits on more than one cheap query.
 */
export class VersionedCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private version = -1;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly checkEveryMs = 1000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.now() - this.checkedAt >= this.checkEveryMs) await this.refreshVersion();
    let entry = this.entries.get(key) as Promise<T> | undefined;
    if (entry === undefined) {
      const loading = load();
      entry = loading;
      this.put(key, loading);
      // Neither a failed load nor an absent value is remembered (unknown ids cannot fill memory).
      const forget = () => {
        if (this.entries.get(key) === loading) this.entries.delete(key);
      };
      loading.then((value) => value === undefined && forget(), forget);
    }
    return entry;
  }

  /** The catalogue version the entries belong to (re-read when the last check is stale). */
  async currentVersion(): Promise<number> {
    if (this.now() - this.checkedAt >= this.checkEveryMs) await this.refreshVersion();
    return this.version;
  }

  /** The entry under `key` of the current version, without loading it (call currentVersion() first). */
  peek<T>(key: string): Promise<T> | undefined {
    return this.entries.get(key) as Promise<T> | undefined;
  }

  /** Keeps a value under `key` until the version changes (bounded like get()). */
  put(key: string, value: Promise<unknown>): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The next read re-reads the version at once: this process just changed the catalogue. */
  invalidate(): void {
    this.checkedAt = -Infinity;
  }

  private refreshVersion(): Promise<void> {
    this.checking ??= this.readVersion()
      .then((version) => {
        if (version !== this.version) {
          this.entries.clear();
          this.version = version;
        }
        this.checkedAt = this.now();
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }
}
