import { addDays } from "../../../shared/overview-period";

/*
 * Cumulative snapshots (a channel's total views, its subscribers) turned into per-day figures for
 * a set of entities: each entity's value on a day is its newest snapshot at or before that day.
 */
export type Snapshot = { entityId: string; date: string; value: number };

export type DailyTotals = {
  /**
   * Sum of the entities' growth on each day on which some entity's growth was measured (a
   * snapshot with an earlier one before it); else absent, a gap. An entity's first snapshot
   * measures nothing: counted as 0, a new organisation's first day read "0 views" beside top
   * videos that had gained tens of thousands since they were published.
   */
  growth: Map<string, number>;
  /** Sum of the entities' values on each day (entities without a snapshot yet count nothing). */
  level: Map<string, number>;
};

/** `snapshots` sorted by date; days from `first` to `last` inclusive. */
export function dailyTotals(snapshots: Snapshot[], first: string, last: string): DailyTotals {
  const byEntity = new Map<string, Snapshot[]>();
  for (const s of snapshots) {
    const list = byEntity.get(s.entityId) ?? [];
    list.push(s);
    byEntity.set(s.entityId, list);
  }
  const growth = new Map<string, number>();
  const level = new Map<string, number>();
  for (const list of byEntity.values()) {
    let i = 0;
    let current: number | undefined;
    // Snapshots before the first day only set the starting value.
    while (i < list.length && list[i]!.date < first) current = list[i++]!.value;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      let snapped = false;
      const before = current;
      while (i < list.length && list[i]!.date === day) {
        current = list[i++]!.value;
        snapped = true;
      }
      if (snapped && before !== undefined && current !== undefined)
        growth.set(day, (growth.get(day) ?? 0) + Math.max(0, current - before));
      if (current !== undefined) level.set(day, (level.get(day) ?? 0) + current);
    }
  }
  return { growth, level };
}

/**
 * How much a level (a channel's subscribers) changed from the end of `startDay` to the end of
 * `endDay`, like for like: only the entities that had a snapshot by `startDay` count, each with
 * its own change. An entity first seen later (a channel added during the period) counts nothing,
 * as its first snapshot counts nothing in `growth`: adding a channel of 234 million subscribers
 * read "+234,023,000 (+22309.2%)" on the Dashboard, a gain nobody made. Null when no entity was
 * known at the start; the percentage is against those entities' level then (null when 0).
 * `snapshots` sorted by date.
 */
export function levelChange(
  snapshots: Snapshot[],
  startDay: string,
  endDay: string,
): { absolute: number; percent: number | null } | null {
  const atStart = new Map<string, number>();
  const atEnd = new Map<string, number>();
  for (const s of snapshots) {
    if (s.date <= startDay) atStart.set(s.entityId, s.value);
    if (s.date <= endDay) atEnd.set(s.entityId, s.value);
  }
  if (atStart.size === 0) return null;
  let absolute = 0;
  let base = 0;
  for (const [entityId, before] of atStart) {
    absolute += (atEnd.get(entityId) ?? before) - before;
    base += before;
  }
  return { absolute, percent: base === 0 ? null : (absolute / base) * 100 };
}

/**
 * Snapshots are keyed by the UTC day they were taken on, the overview's period by the
 * organisation's calendar. West of UTC, in the hours after UTC midnight, the newest snapshot
 * carries tomorrow's date although it was taken during the organisation's today. When the period
 * ends today, an entity with no snapshot of its own on that last day (a channel added this
 * evening) has its newest later one counted there, rather than showing no figure at all until
 * local midnight. An entity that has one keeps it and the later snapshot waits for its own day:
 * counting both on one day would give that day two days' growth.
 */
export function onPeriodCalendar<T extends { entityId: string; date: string }>(
  snapshots: T[],
  periodEnd: string,
  organizationToday: string,
): T[] {
  if (periodEnd < organizationToday) return snapshots;
  const hasLastDay = new Set(snapshots.filter((s) => s.date === periodEnd).map((s) => s.entityId));
  const newestLater = new Map<string, T>();
  for (const s of snapshots)
    if (s.date > periodEnd && !hasLastDay.has(s.entityId)) newestLater.set(s.entityId, s);
  return snapshots.flatMap((s) => {
    if (s.date <= periodEnd) return [s];
    return newestLater.get(s.entityId) === s ? [{ ...s, date: periodEnd }] : [];
  });
}

/** Sum of a daily map over [from, to]; null when no day in it has a value. */
export function sumDays(daily: Map<string, number>, from: string, to: string): number | null {
  let total: number | null = null;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const v = daily.get(day);
    if (v !== undefined) total = (total ?? 0) + v;
  }
  return total;
}
