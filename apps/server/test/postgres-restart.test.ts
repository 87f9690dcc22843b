import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crashPaths, ErrorBodySchema, type CrashReport } from '@antenne/contract';
import pg from 'pg';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../src/lib/errors.js';
import { TENANT } from './helpers/test-app.js';

/**
 * A PostgreSQL of the test's own restarted under a write load while the real server process runs
 * on it (issue 30 item 1, ADR 0042): once stopped cleanly (`pg_ctl stop -m fast`: every session
 * ends with 57P01), once as a crash (`-m immediate`: sockets close mid-query, recovery at start).
 * The process lives through both; while the database is away writes and /readyz answer 503 with
 * Retry-After in the error body; every write acknowledged (204) before, between and after is in the
 * database; and requests succeed again within seconds of PostgreSQL accepting connections.
 *
 * The cluster: initdb and pg_ctl from Debian's postgresql package, in a temporary folder, on a
 * free port; run as the `postgres` user when the test runs as root (they refuse root). Stopped and
 * removed after the test whatever happened. Skipped, saying so, only where initdb is not installed.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed (Debian: /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const majors = readdirSync(base)
    .filter((major) => existsSync(path.join(base, major, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : path.join(base, majors[0], 'bin');
}

const PG_BIN = postgresBin();
const AS_ROOT = process.getuid?.() === 0;
/** How soon after PostgreSQL accepts connections again a write must be acknowledged. */
const RECOVERY_MS = 5000;
const ACCEPTED = 'v1;analytics=1;advertising=0;at=1795000000';
const checkError = Compile(ErrorBodySchema);

/** A PostgreSQL cluster in a folder of its own. */
class Cluster {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'antenne-pg-'));
  readonly data = path.join(this.dir, 'data');
  port = 0;

  constructor(private readonly bin: string) {
    if (AS_ROOT) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(this.dir, uid, gid);
    }
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  /** A command of the cluster's binaries, as the postgres user when we are root. */
  private command(tool: string, args: string[]): [string, string[]] {
    const file = path.join(this.bin, tool);
    return AS_ROOT ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  }

  private async pg(tool: string, args: string[]): Promise<void> {
    const [file, argv] = this.command(tool, args);
    await run(file, argv, { cwd: this.dir, timeout: 60_000 });
  }

  async init(): Promise<void> {
    await this.pg('initdb', ['-D', this.data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    this.port = await freePort();
  }

  start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1`;
    return this.pg('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      options,
      '-w',
      '-t',
      '60',
      'start',
    ]);
  }

  stop(mode: 'fast' | 'immediate'): Promise<void> {
    return this.pg('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '60', 'stop']);
  }

  /** Stops whatever runs and removes the folder; synchronous, so that an exit handler can call it too. */
  destroy(): void {
    const pidFile = path.join(this.data, 'postmaster.pid');
    if (existsSync(pidFile)) {
      const [file, argv] = this.command('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
      try {
        execFileSync(file, argv, { cwd: this.dir, stdio: 'ignore', timeout: 30_000 });
      } catch {
        // pg_ctl could not stop it: the postmaster (ours, by its id) is killed.
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        if (pid > 0) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** The real server process (main.ts through tsx) on the cluster; resolves once it listens. */
function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--conditions=antenne-source', '--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CACHE_DIR: path.join(dataDir, 'cache'),
      DATABASE_URL: databaseUrl,
      // Required with DATABASE_URL; no mail is sent here.
      SMTP_URL: 'smtp://127.0.0.1:9',
      AUTH_SECRET: 'a-test-secret-of-at-least-thirty-two-characters',
      DEMO_CONTENT: 'false',
      CRASH_RATE_LIMIT: '9999',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running when it does not come up in time.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}`, output: () => output, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`server exited early:\n${output}`)));
  });
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
  startedAt: number;
  endedAt: number;
  fingerprint?: string;
}

async function call(url: string, init: RequestInit = {}): Promise<Omit<Answer, 'startedAt' | 'endedAt'>> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  } catch (error) {
    // No answer at all (the process gone, a hang): recorded as status 0, which fails the test.
    return { status: 0, retryAfter: null, body: String(error) };
  }
}

/** Writers posting crash reports (one fingerprint each) and a /readyz prober, until stopped. */
class Load {
  readonly writes: Answer[] = [];
  readonly probes: Answer[] = [];
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private next = 0;

  constructor(private readonly server: Server) {
    for (let writer = 0; writer < 3; writer++) this.loops.push(this.write());
    this.loops.push(this.probe());
  }

  private async write(): Promise<void> {
    while (this.running) {
      const fingerprint = `w${String(++this.next).padStart(9, '0')}`;
      const report: CrashReport = {
        consent: ACCEPTED,
        fingerprint,
        message: 'TypeError: x is undefined',
        route: '/',
        release: '0.1.0',
        kind: 'error',
      };
      const startedAt = Date.now();
      const answer = await call(this.server.url + crashPaths.crash(TENANT), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      this.writes.push({ ...answer, fingerprint, startedAt, endedAt: Date.now() });
      await pace(40);
    }
  }

  private async probe(): Promise<void> {
    while (this.running) {
      const startedAt = Date.now();
      const answer = await call(`${this.server.url}/readyz`);
      this.probes.push({ ...answer, startedAt, endedAt: Date.now() });
      await pace(100);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  acknowledged(): Answer[] {
    return this.writes.filter((answer) => answer.status === 204);
  }
}

/** The load's pace: a request at a time per writer, not a proof of anything. */
const pace = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(PG_BIN === undefined)(
  PG_BIN === undefined
    ? "a PostgreSQL restart under write load — SKIPPED: PostgreSQL's initdb is not installed (Debian: apt install postgresql)"
    : 'a PostgreSQL restart under write load (a real server process, a cluster of the test’s own)',
  () => {
    let cluster: Cluster;
    let server: Server | undefined;
    let load: Load | undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'antenne-restart-'));
    // Even if the worker ends without its hooks: no postgres left running.
    const onExit = () => cluster?.destroy();

    beforeAll(async () => {
      process.once('exit', onExit);
      cluster = new Cluster(PG_BIN!);
      await cluster.init();
      await cluster.start();
      const admin = new pg.Client({ connectionString: `${cluster.url}/postgres` });
      await admin.connect();
      await admin.query('create database antenne');
      await admin.end();
      server = await startServer(`${cluster.url}/antenne`, dataDir);
    }, 180_000);

    afterAll(async () => {
      await load?.stop();
      if (server !== undefined && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        const stopped = await Promise.race([server.exited.then(() => true), pace(10_000).then(() => false)]);
        if (!stopped) server.child.kill('SIGKILL');
      }
      cluster?.destroy();
      process.removeListener('exit', onExit);
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    test('the process lives; 503 + Retry-After while PostgreSQL is away; no acknowledged write lost; back within seconds', async () => {
      const live = server!;
      load = new Load(live);
      const acknowledgedSince = (ms: number) => load!.acknowledged().filter((a) => a.startedAt >= ms).length;
      await vi.waitFor(() => expect(acknowledgedSince(0)).toBeGreaterThanOrEqual(20), {
        timeout: 30_000,
        interval: 50,
      });

      const recoveries: number[] = [];
      for (const mode of ['fast', 'immediate'] as const) {
        await cluster.stop(mode);
        const downAt = Date.now();
        // While it is away: writes and the probe are refused, in the error body, with Retry-After.
        await vi.waitFor(
          () => {
            expect(
              load!.writes.filter((a) => a.startedAt >= downAt && a.status === 503).length,
            ).toBeGreaterThanOrEqual(3);
            expect(
              load!.probes.filter((a) => a.startedAt >= downAt && a.status === 503).length,
            ).toBeGreaterThanOrEqual(1);
          },
          { timeout: 20_000, interval: 50 },
        );
        await cluster.start();
        const upAt = Date.now();
        await vi.waitFor(() => expect(acknowledgedSince(upAt)).toBeGreaterThanOrEqual(1), {
          timeout: 30_000,
          interval: 20,
        });
        const first = load.acknowledged().find((a) => a.startedAt >= upAt)!;
        recoveries.push(first.endedAt - upAt);
        // And it goes on.
        await vi.waitFor(() => expect(acknowledgedSince(upAt)).toBeGreaterThanOrEqual(20), {
          timeout: 30_000,
          interval: 50,
        });
      }
      await load.stop();

      // The process never stopped.
      expect(live.child.exitCode).toBeNull();
      expect(live.child.signalCode).toBeNull();
      expect(live.output()).not.toMatch(/stopping after an unexpected error|second error|uncaught/i);
      expect(live.output()).toMatch(/an idle database connection was lost|database unreachable/);

      // Every answer was a success or a 503 that says when to retry, in the error body.
      const refusals = [...load.writes, ...load.probes].filter((a) => a.status !== 204 && a.status !== 200);
      expect(refusals.length).toBeGreaterThan(0);
      for (const refusal of refusals) {
        expect(refusal.status, JSON.stringify(refusal.body)).toBe(503);
        expect(refusal.retryAfter).toBe(String(RETRY_AFTER_SECONDS));
        expect(checkError.Check(refusal.body)).toBe(true);
        expect(refusal.body).toMatchObject({ httpCode: 503, message: 'SERVICE_UNAVAILABLE' });
        expect((refusal.body as { extendedMessage: string }).extendedMessage).toMatch(/database/);
      }
      const probeRefusals = load.probes.filter((a) => a.status === 503);
      expect(probeRefusals.map((a) => (a.body as { extendedMessage: string }).extendedMessage)).toContain(
        'database unreachable',
      );
      expect(load.probes.at(-1)).toMatchObject({
        status: 200,
        body: { status: 'ready', database: 'postgres' },
      });

      // Requests succeeded again within seconds of PostgreSQL accepting connections.
      for (const ms of recoveries) expect(ms).toBeLessThan(RECOVERY_MS);

      // Every acknowledged write is in the database, across a clean stop and a crash.
      const reader = new pg.Client({ connectionString: `${cluster.url}/antenne` });
      await reader.connect();
      try {
        const { rows } = await reader.query<{ fingerprint: string }>('select fingerprint from crash_reports');
        const stored = new Set(rows.map((row) => row.fingerprint));
        const lost = load.acknowledged().filter((a) => !stored.has(a.fingerprint!));
        expect(lost.map((a) => a.fingerprint)).toEqual([]);
        expect(load.acknowledged().length).toBeGreaterThanOrEqual(60);
      } finally {
        await reader.end();
      }
    }, 180_000);
  },
);
