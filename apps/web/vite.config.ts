import { readFileSync } from 'node:fs';
import { defineConfig, defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The release the crash reports carry (lib/crash-reports/release.ts): the web package's version,
 * then `+` and ANTENNE_BUILD_ID (e.g. a commit id) when the build is given one.
 */
const webVersion = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
).version;
const buildId = (process.env.ANTENNE_BUILD_ID ?? '').replace(/[^0-9A-Za-z.-]/g, '').slice(0, 40);
const release = buildId ? `${webVersion}+${buildId}` : webVersion;

/** Where `npm run dev` finds the API server (scripts/dev.mjs starts it on :8080). */
const apiTarget = process.env.ANTENNE_DEV_API_URL ?? 'http://localhost:8080';
const proxied = { target: apiTarget };

/**
 * `.vite/modules.json` in the build's folder: each chunk's file and the modules it holds (the
 * packages' files by their path under node_modules). The JavaScript budget test reads it to know
 * which runtime the browser's bundle and the server render carry (e2e/tests/budget.test.ts).
 */
function moduleGraph(): Plugin {
  return {
    name: 'antenne:module-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = output.moduleIds.map((id) =>
          id.includes('/node_modules/')
            ? `node_modules/${id.split('/node_modules/').pop() ?? ''}`
            : id.replace(/^.*\/apps\/web\//, ''),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // React 19 runs the app, in the browser and in the server render (docs/adr/0043): the plugin
  // compiles JSX with the automatic runtime and gives dev its Fast Refresh. No file of a
  // dependency is rewritten.
  plugins: [react(), moduleGraph()],
  resolve: {
    // packages/contract is consumed from its TypeScript sources: no build step for the web.
    conditions: ['antenne-source', ...defaultClientConditions],
  },
  ssr: {
    // The server render (src/ssr/entry-server.tsx, built into dist/.ssr by `npm run build`):
    // the contract from its sources, as for the browser; the libraries from node_modules.
    resolve: { conditions: ['antenne-source', ...defaultServerConditions] },
    // One self-contained file set: React and the libraries inside (one copy of React, its
    // production build whatever NODE_ENV the server runs with).
    noExternal: true,
  },
  define: {
    __ANTENNE_RELEASE__: JSON.stringify(release),
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  server: {
    port: 5173,
    // The Host header is kept (no changeOrigin): the server writes absolute URLs (the ClearKey
    // licence's) from the origin the browser used, and the identity service checks it (ADR 0011).
    proxy: {
      // Every path the app calls on the server: the specification's tables, the static startup
      // files, images, media (and media behind a play token), the identity service, the /dev pages
      // (mail outbox) and the API's documentation. Index.html and the app's code are Vite's.
      '^/(v1|v2|config|images|media|demo-media|play|identity|dev|api)(/|$)': proxied,
      '/config.json': proxied,
      '/contracts-countries.json': proxied,
    },
  },
  build: {
    outDir: 'dist',
    // The server render's build (dist/.ssr) needs no copy of public/: the server serves dist's.
    copyPublicDir: !isSsrBuild,
    assetsDir: 'assets',
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph the JavaScript budget test (e2e/tests/budget.test.ts) reads.
    manifest: true,
    modulePreload: {
      // A channel card's programme on now (components/asset-card/channel-on-now.tsx): its chunk
      // comes when a channel card shows, and only its stylesheet is preloaded with it — the
      // shared chunks it needs are the first screen's or tiny, and a list of their names would
      // weigh on the home route's JavaScript budget (e2e/tests/budget.test.ts).
      resolveDependencies: (filename, deps) =>
        filename.includes('channel-on-now') ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The small modules every first screen loads (the fetch wrapper, the startup calls, how an
          // asset and a presentation read): left alone, the lazy routes that share them split each
          // into a chunk of its own, whose wrapping the home route's JS budget pays (ADR 0024).
          groups: [
            {
              // What the entry (main.tsx) needs before the app's start: Vite's preload helper and
              // the server-rendered check, kept out of the shared chunks (which carry the runtime),
              // so that nothing but the entry's few hundred bytes is fetched before the first paint.
              name: 'entry-helpers',
              test: /preload-helper|[\\/]src[\\/]lib[\\/]server-rendered\.ts$/,
              priority: 10,
            },
            {
              name: 'use-startup',
              test: /[\\/]src[\\/](api[\\/](client|use-startup|get-assets)|lib[\\/](asset-display|presentation|use-media-query))\.ts$/,
            },
          ],
        },
      },
      treeshake: {
        // The contract's schema modules build TypeBox objects at module level; the web only uses
        // its types, constants and path builders, so unused schema modules may be dropped.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
      },
    },
  },
}));
