import { options } from 'preact';

/**
 * Says so in the console when hydrating the server's HTML meets an element it did not expect
 * (docs/adr/0032). React reported this through `onRecoverableError`; Preact calls an options hook
 * (`_hydrationMismatch`, named `__m` in its builds, as preact/debug uses it) and, without one, draws
 * the rest of that part afresh in silence. The e2e suite fails on the message (e2e/tests/ssr.test.ts).
 */
/** A vnode as Preact's builds name its fields: `__` its parent, `__e` its DOM node. */
interface VNode {
  type: unknown;
  props?: { className?: unknown };
  __?: VNode | null;
  __e?: Node | null;
}
type HydrationMismatchHook = (vnode: VNode, available: (Node | null)[]) => void;

/** Where it happened: the nearest enclosing element the server drew, as `tag.class`. */
function placeOf(vnode: VNode): string {
  for (let parent = vnode.__; parent; parent = parent.__) {
    const node = parent.__e;
    if (node instanceof Element)
      return `${node.localName}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}`;
  }
  return 'the root';
}

export function reportHydrationMismatches(): void {
  const hooks = options as unknown as { __m?: HydrationMismatchHook };
  const previous = hooks.__m;
  hooks.__m = (vnode, available) => {
    previous?.(vnode, available);
    const expected = typeof vnode.type === 'string' ? vnode.type : 'a component';
    const found = available.map((node) => node?.nodeName.toLowerCase()).filter(Boolean);
    console.error(
      `ssr: hydration did not match the server’s HTML: expected <${expected}> in ${placeOf(vnode)}, found ${found.join(', ') || 'nothing'}`,
    );
  };
}
