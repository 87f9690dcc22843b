import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Locale } from '@antenne/contract';

type Fetch = typeof globalThis.fetch;

/**
 * Where pages are rendered (issue 16: a slow render must not starve the API). A render is one
 * pass of synchronous work (React's prerender, docs/adr/0043) of 10–50 ms after its data have
 * come; on the thread that answers requests, a queue of them holds every API call behind it. With PAGE_RENDER_THREADS above 0 they
 * run on worker threads (piscina), each with the web app's server entry loaded (render-worker.ts),
 * and the request thread only answers their API calls, which come back to it over a MessagePort
 * and go through Fastify in process like any other, as the visitor's own. With 0, the entry
 * renders on the request thread (one process, no thread to start: tests, tiny machines).
 */

/** What the web app's server entry exports (the server does not depend on the web app's types). */
export interface ServerEntry {
  prepare(): Promise<void>;
  isServerRendered(pathname: string): boolean;
  pageModuleOf(pathname: string): string;
  /** The consent banner's markup in a language's strings (for a visitor who has not chosen). */
  consentBanner(translations: Record<string, unknown>): string;
  render(input: RenderInput & { fetch: Fetch }): Promise<RenderResult>;
}

export interface RenderInput {
  url: string;
  locale: Locale;
  translations: Record<string, unknown>;
  context: { now: number; desktop: boolean; origin: string };
}

export interface RenderResult {
  html: string;
  head: string;
  redirectTo?: string;
  data: { hydrate: boolean };
  /** How many times the page was rendered (1: its data are loaded before, docs/adr/0043). */
  renders: number;
  /** Queries the render asked for that no route loader had fetched (drawn loading; logged). */
  unloaded: string[];
}

/** A render given to a thread: the page, and the port its API calls go through. */
export interface RenderTask {
  input: RenderInput;
  port: MessagePort;
}

/** An API call of a render, from its thread. */
export interface FetchAsked {
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  body?: string;
}

/** Its answer, from the request thread. */
export type FetchAnswer =
  | { id: number; status: number; headers: [string, string][]; body: ArrayBuffer }
  | { id: number; error: string };

export interface Renderer {
  render(input: RenderInput, fetch: Fetch): Promise<RenderResult>;
  close(): Promise<void>;
}

/** Renders on the request thread. */
export function renderInProcess(entry: ServerEntry): Renderer {
  return {
    render: (input, fetch) => entry.render({ ...input, fetch }),
    close: () => Promise.resolve(),
  };
}

/** Renders a page at a time on each of the threads, this many at once on each (they wait on API calls). */
export const RENDERS_PER_THREAD = 2;

/** Renders on `threads` worker threads. */
export function renderOnThreads(entryPath: string, threads: number): Renderer {
  const source = import.meta.url.endsWith('.ts');
  const pool = new Piscina({
    filename: fileURLToPath(new URL(`./render-worker.${source ? 'ts' : 'js'}`, import.meta.url)),
    // From the sources (tests, `npm run dev`), the thread reads TypeScript as the server does.
    ...(source ? { execArgv: ['--import', 'tsx'] } : {}),
    workerData: { entryPath },
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: RENDERS_PER_THREAD,
    // A thread that died (out of memory, a crash) is replaced; its renders fail (sent unrendered).
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  return {
    async render(input, fetch) {
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (asked: FetchAsked) => {
        void answer(fetch, asked).then((reply) =>
          port1.postMessage(reply, 'body' in reply ? [reply.body] : []),
        );
      });
      try {
        return (await pool.run({ input, port: port2 } satisfies RenderTask, {
          transferList: [port2],
        })) as RenderResult;
      } finally {
        port1.close();
      }
    },
    close: () => pool.destroy(),
  };
}

async function answer(fetch: Fetch, asked: FetchAsked): Promise<FetchAnswer> {
  try {
    const response = await fetch(asked.url, {
      method: asked.method,
      headers: asked.headers,
      ...(asked.body === undefined ? {} : { body: asked.body }),
    });
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    return { id: asked.id, status: response.status, headers, body: await response.arrayBuffer() };
  } catch (error) {
    return { id: asked.id, error: error instanceof Error ? error.message : String(error) };
  }
}
