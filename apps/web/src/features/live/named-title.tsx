/**
 * A programme link's content whose accessible name is its whole label (channel, title, times,
 * state, flags) while the title is what shows: the rest of the label is visually hidden around
 * the visible title, so the name contains the visible text as said (WCAG 2.5.3, axe
 * label-content-name-mismatch). The times and marks shown beside it are aria-hidden (the name
 * says them in words). Without the title in the label, the link is named by `aria-label`.
 */
export function labelAround(label: string, title: string): [before: string, after: string] | null {
  const at = title === '' ? -1 : label.indexOf(title);
  return at < 0 ? null : [label.slice(0, at), label.slice(at + title.length)];
}

export function NamedTitle({
  around,
  title,
  className,
}: {
  around: [string, string] | null;
  title: string;
  className: string | undefined;
}) {
  if (around === null) return <span className={className}>{title}</span>;
  // The spaces next to the title stay outside the hidden spans: a name is computed from each
  // element's trimmed text, so a space at a span's edge would be lost.
  const [before, after] = around;
  const beforeText = before.trimEnd();
  const afterText = after.trimStart();
  return (
    <>
      {beforeText ? <span className="visually-hidden">{beforeText}</span> : null}
      {before.slice(beforeText.length)}
      <span className={className}>{title}</span>
      {after.slice(0, after.length - afterText.length)}
      {afterText ? <span className="visually-hidden">{afterText}</span> : null}
    </>
  );
}
