import { workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { FetchAnswer, FetchAsked, RenderTask, ServerEntry } from './render-threads.js';

/**
 * A render thread (render-threads.ts): the web app's server entry, loaded once per thread, renders
 * the pages it is given. Its API calls go back to the server's thread over the task's port, where
 * Fastify answers them in process, as the visitor's own.
 */

const { entryPath } = workerData as { entryPath: string };
const entry = (async () => {
  const loaded = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  await loaded.prepare();
  return loaded;
})();

export default async function render({ input, port }: RenderTask) {
  const rendering = await entry;
  const asked = new Map<number, { resolve: (answer: Response) => void; reject: (error: Error) => void }>();
  let next = 0;
  port.on('message', (answer: FetchAnswer) => {
    const waiting = asked.get(answer.id);
    if (waiting === undefined) return;
    asked.delete(answer.id);
    if ('error' in answer) waiting.reject(new TypeError(answer.error));
    else {
      const empty = answer.status === 204 || answer.status === 304;
      waiting.resolve(
        new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers }),
      );
    }
  });
  const fetchThroughServer: typeof fetch = (resource, init) =>
    new Promise((resolve, reject) => {
      const id = next++;
      asked.set(id, { resolve, reject });
      const url =
        typeof resource === 'string' ? resource : resource instanceof URL ? resource.href : resource.url;
      const headers: [string, string][] = [];
      new Headers(init?.headers).forEach((value, name) => headers.push([name, value]));
      const message: FetchAsked = {
        id,
        url,
        method: init?.method ?? 'GET',
        headers,
        ...(typeof init?.body === 'string' ? { body: init.body } : {}),
      };
      port.postMessage(message);
    });
  try {
    return await rendering.render({ ...input, fetch: fetchThroughServer });
  } finally {
    port.close();
  }
}
