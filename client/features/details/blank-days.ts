import { formatCount } from "../../lib/format";

type Point = { date: string; value: number | null };

const dayWord = (count: number) => (count === 1 ? "day" : `${formatCount(count)} days`);
const publishedLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
  });

/**
 * Says why a chart has blank days. Days before a video or episode was published are not missing
 * data, and saying "20 days have no data" of a video nine days old reads as a fault of ours, so
 * they are named for what they are; other blank days are days our snapshots skipped. The chart's
 * days are UTC days, as is the publication day taken from `publishedAt`. `missing` counts the
 * skipped days alone.
 */
export function blankDays(
  points: Point[],
  publishedAt: string | null,
): { text: string | null; missing: number } {
  const publishDay = publishedAt?.slice(0, 10) ?? null;
  const blank = points.filter((p) => p.value === null);
  const beforePublish = publishDay ? blank.filter((p) => p.date < publishDay).length : 0;
  const missing = blank.length - beforePublish;
  const parts: string[] = [];
  if (beforePublish > 0 && publishDay) {
    parts.push(
      `Published ${publishedLabel(publishDay)}: the ${dayWord(beforePublish)} before ${beforePublish === 1 ? "is" : "are"} blank.`,
    );
  }
  if (missing > 0) {
    parts.push(
      `${missing === 1 ? "1 day has" : `${formatCount(missing)} days have`} no data and ${missing === 1 ? "is" : "are"} left blank.`,
    );
  }
  return { text: parts.length ? parts.join(" ") : null, missing };
}
