import { z } from "zod";

export const dateRangeTypes = [
  "today",
  "7days",
  "30days",
  "90days",
  "6months",
  "1year",
  "ytd",
  "alltime",
  "custom",
] as const;
export type DateRangeType = (typeof dateRangeTypes)[number];

const isoTimestamp = z.iso.datetime({ offset: true });

/** A custom range whose start comes after its end (both dates are there: the spec's words are not). */
export const RANGE_ORDER_MESSAGE = "The start date must be on or before the end date";

/** The current shape: a type, and explicit ISO bounds only for "custom". */
export const dateRangeSchema = z
  .object({
    type: z.enum(dateRangeTypes),
    range: z.object({ start: isoTimestamp, end: isoTimestamp }).nullable(),
  })
  // The spec's wording (multi-channel setup); only custom ranges carry explicit dates.
  .refine((r) => (r.type === "custom") === (r.range !== null), {
    message: "Please select both start and end dates for custom range",
    path: ["range"],
  })
  .refine((r) => r.range === null || Date.parse(r.range.start) <= Date.parse(r.range.end), {
    message: RANGE_ORDER_MESSAGE,
    path: ["range", "start"],
  });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** The older stored shape with start and end directly (still read, never written). */
export const legacyDateRangeSchema = z.object({
  type: z.string().optional(),
  start: isoTimestamp,
  end: isoTimestamp,
});
export type LegacyDateRange = z.infer<typeof legacyDateRangeSchema>;

/** What a stored date_range column may hold. */
export const storedDateRangeSchema = z.union([dateRangeSchema, legacyDateRangeSchema]);
export type StoredDateRange = z.infer<typeof storedDateRangeSchema>;
