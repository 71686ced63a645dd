/*
 * A scheduled export that Google Sheets refuses for its request quota, past the client's own
 * waits (about a minute), goes back to the queue later instead of spending the queue's retries.
 *
 * Why: Google counts Sheets writes per minute, 60 for each user and 300 for the whole project
 * (developers.google.com/sheets/api/limits), and every organisation's exports share the project's
 * 300. Schedules run on the hour, so at real size many exports start in the same minute: 1,000
 * runs of about five writes each need 17 minutes of the project's quota. The queue's five retries
 * (10 s to 160 s apart, plus the client's minute of waits each time) cover about 11 minutes, so
 * the last runs of such an hour would fail though nothing was wrong. A deferral keeps the run
 * queued and sends it back after a wait that doubles each time (a minute, two, four, up to a
 * quarter of an hour), each spread at random over half to one and a half times its length so
 * that the runs refused together do not come back together. Past RATE_LIMIT_PATIENCE_MS from the
 * run's creation, a refused run takes the queue's retries as any other failure, and fails after
 * them.
 */

/** How long a run may keep waiting for Google's quota before its failures count. */
export const RATE_LIMIT_PATIENCE_MS = 6 * 3_600_000;
const FIRST_DEFERRAL_SECONDS = 60;
const LONGEST_DEFERRAL_SECONDS = 900;

/** The wait before a run's next attempt, after `deferrals` earlier deferrals. */
export function deferralDelaySeconds(deferrals: number, random = Math.random()): number {
  const base = Math.min(LONGEST_DEFERRAL_SECONDS, FIRST_DEFERRAL_SECONDS * 2 ** deferrals);
  return Math.round(base * (0.5 + random));
}

/** Whether a run created at `createdAt` may still be deferred at `now`. */
export const mayDefer = (createdAt: Date, now: Date) =>
  now.getTime() - createdAt.getTime() < RATE_LIMIT_PATIENCE_MS;
