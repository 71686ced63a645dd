/** A stable hour of the day (0-23) for an id, to spread daily work evenly. */
export function hashToHour(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % 24;
}
