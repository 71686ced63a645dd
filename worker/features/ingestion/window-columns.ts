import type { TrailingWindow } from "../../../shared/metrics";
import { channels, videos } from "../../db/schema";

/** The stored window columns the one computation writes (windows.ts, owner-windows.ts). */

export type WindowScope = { channelId: string } | { organizationId: string };

export const channelTrailing: Record<TrailingWindow, { name: string }> = {
  "1d": channels.trailing1dViews,
  "1w": channels.trailing1wViews,
  "1m": channels.trailing1mViews,
  "1y": channels.trailing1yViews,
};

export const videoTrailing: Record<TrailingWindow, { name: string }> = {
  "1d": videos.trailing1dViews,
  "1w": videos.trailing1wViews,
  "1m": videos.trailing1mViews,
  "1y": videos.trailing1yViews,
};

export const firstColumns = {
  "24h": videos.first24hViews,
  "48h": videos.first48hViews,
  "7d": videos.first7dViews,
} as const;
