import { useEffect } from 'react';
import type { ImageSources } from '@antenne/contract';

/**
 * What a page puts in the document's `<head>` (docs/adr/0032: Preact renders a `<title>` where it
 * stands and preloads nothing, where React 19 hoisted titles into `<head>` and preloaded
 * high-priority images). In the browser a page sets `document.title`; in a server render its title
 * and its largest image are handed to the render (ssr/entry-server.tsx), which writes them into the
 * page's `<head>`, before the scripts.
 */
export interface ServerHead {
  title(title: string): void;
  preloadImage(sources: ImageSources): void;
}

let serverHead: ServerHead | undefined;

/** The server render's: where a page's head goes while it renders. */
export function setServerHead(head: ServerHead): void {
  serverHead = head;
}

const onServer = () => typeof document === 'undefined';

export function DocumentTitle({ title }: { title: string }): null {
  if (onServer()) serverHead?.title(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/**
 * The page's largest image (a hero's first slide, a details page's backdrop), preloaded from the
 * server's `<head>` with a high priority so that it is fetched before the scripts. The `<img>`
 * says `fetchPriority="high"` too; in the browser there is nothing more to do.
 */
export function preloadImageInHead(sources: ImageSources | undefined): void {
  if (sources && onServer()) serverHead?.preloadImage(sources);
}
