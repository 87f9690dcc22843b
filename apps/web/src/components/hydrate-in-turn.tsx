import { use, type ReactNode } from 'react';
import { hydrationTurn, useDrawnByServer } from '../lib/render-context';

export interface HydrateInTurnProps {
  /** The part's name, unique in the page (a lane's heading id). */
  part: string;
  children: ReactNode;
}

/**
 * A part of a server-drawn page (the top bar, a lane, a group of results, a channel of the guide)
 * that hydrates in a task of its own once the page's frame has, in page order (lib/render-context's
 * hydrationTurn): its HTML stays as the server drew it meanwhile — a link works as without
 * JavaScript, a click on a button is held until the page is live (lib/early-input.ts). Inside a
 * Suspense boundary of its own, with one root element. In every later render, and on a page drawn
 * in the browser, it is its children and nothing more.
 */
export function HydrateInTurn({ part, children }: HydrateInTurnProps) {
  const drawnByServer = useDrawnByServer();
  if (drawnByServer && typeof document !== 'undefined') {
    const turn = hydrationTurn(part);
    if (turn !== null) use(turn);
  }
  return children;
}
