/** A small trend line (decorative: the card says the figures in words); gaps break the line. */
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
  if (values.length < 2)
    return <svg aria-hidden="true" className="h-8 w-full" viewBox={`0 0 ${width} ${height}`} />;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const x = (i: number) => (points.length === 1 ? width / 2 : (i / (points.length - 1)) * width);
  const y = (v: number) =>
    high === low ? height / 2 : height - 2 - ((v - low) / (high - low)) * (height - 4);
  const segments: string[] = [];
  let current = "";
  points.forEach((p, i) => {
    if (p.value === null) {
      if (current) segments.push(current);
      current = "";
      return;
    }
    current += `${current ? " L" : "M"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`;
  });
  if (current) segments.push(current);
  return (
    <svg
      aria-hidden="true"
      className={`h-8 w-full ${className}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
    >
      {segments.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
