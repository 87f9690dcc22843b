#!/usr/bin/env node
// `npm start`: build what is missing or stale, then run the server in this very process
// (so SIGTERM/SIGINT reach the server's own graceful stop).
import { ensureBuilt } from './build-if-needed.mjs';

await ensureBuilt({ log: (line) => console.log(line) });
await import('../apps/server/dist/main.js');
