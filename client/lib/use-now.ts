import { useSyncExternalStore } from "react";

/*
 * The time, for labels that say how long ago something was ("Data refreshed 3 hours ago"). They
 * were computed once per render, so a dashboard left open from the morning still said "just now"
 * in the afternoon. The snapshot is the current minute, so any render reads the time afresh (a
 * tab shown again re-renders with its refetched data), and a minute timer renews it meanwhile
 * (browsers slow it down in a hidden tab, where nobody reads it).
 */
const MINUTE_MS = 60_000;
const subscribe = (notify: () => void) => {
  const timer = setInterval(notify, MINUTE_MS);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / MINUTE_MS);

/** Milliseconds since the epoch, to the minute, renewed every minute. */
export const useNow = (): number => useSyncExternalStore(subscribe, currentMinute) * MINUTE_MS;
