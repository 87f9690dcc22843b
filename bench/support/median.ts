/** The median of the figures that exist: NaN and undefined (a run that gave no figure) are skipped. */
export function median(values: readonly (number | undefined)[]): number {
  const sorted = values
    .filter((v): v is number => typeof v === 'number' && !Number.isNaN(v))
    .sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
