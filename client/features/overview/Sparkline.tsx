/**
 * A small trend line (decorative: the card says the figures in words); gaps break the line. A
 * value with no neighbour (a period of one day, or a day between two gaps) is drawn as a dot: as
 * a one-point line it drew nothing, and the card looked as if it had no data.
 */
export function Sparkline({
  points,
  className = "text-indigo-600 dark:text-indigo-400",
}: {
  points: Array<{ value: number | null }>;
  className?: string;
}) {
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  const width = 120;
  const height = 32;
  if (values.length === 0)
    return <svg aria-hidden="true" className="h-8 w-full" viewBox={`0 0 ${width} ${height}`} />;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (i: number) => (points.length === 1 ? width / 2 : (i / (points.length - 1)) * width);
  const y = (v: number) =>
    high === low ? height / 2 : height - 2 - ((v - low) / (high - low)) * (height - 4);
  // Each run of values between gaps, as its points.
  const runs: string[][] = [];
  let current: string[] = [];
  points.forEach((p, i) => {
    if (p.value === null) {
      if (current.length) runs.push(current);
      current = [];
      return;
    }
    current.push(`${x(i).toFixed(1)},${y(p.value).toFixed(1)}`);
  });
  if (current.length) runs.push(current);
  return (
    <svg
      aria-hidden="true"
      className={`h-8 w-full ${className}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      // A dot on the first or last day sits on the drawing's edge: drawn whole, not cut in half.
      overflow="visible"
    >
      {runs.map((run) =>
        run.length === 1 ? (
          // A zero-length line with round caps: a round dot, which a circle would not stay once
          // the drawing is stretched to the card (preserveAspectRatio="none").
          <path
            key={run[0]}
            data-lone-value=""
            d={`M${run[0]} h0`}
            stroke="currentColor"
            strokeWidth={4}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ) : (
          <path
            key={run[0]}
            d={`M${run.join(" L")}`}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        ),
      )}
    </svg>
  );
}
