import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web app's index.html, read once at start (a later issue embeds startup data in it).
 * Undefined when the web app is not built.
 */
export function readIndexHtml(webDistDir: string): string | undefined {
  try {
    return readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
}

export const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Antenne: web app not built</title></head>
<body><h1>The web app is not built</h1>
<p>The API is running, but there is no built web app to serve. Run <code>npm run build</code>, then restart the server
(or set WEB_DIST_DIR to a folder holding index.html).</p></body></html>
`;
