/** The organisation time zones offered (spec section 9), as IANA ids with their display names. */
export const supportedTimeZones = [
  { id: "America/Los_Angeles", label: "Pacific Time" },
  { id: "America/Denver", label: "Mountain Time" },
  { id: "America/Chicago", label: "Central Time" },
  { id: "America/New_York", label: "Eastern Time" },
  { id: "America/Phoenix", label: "Arizona" },
  { id: "America/Anchorage", label: "Alaska" },
  { id: "Pacific/Honolulu", label: "Hawaii" },
  { id: "UTC", label: "UTC" },
  { id: "Europe/London", label: "London" },
  { id: "Europe/Paris", label: "Paris" },
  { id: "Europe/Berlin", label: "Berlin" },
  { id: "Asia/Tokyo", label: "Tokyo" },
  { id: "Asia/Shanghai", label: "Shanghai" },
  { id: "Australia/Sydney", label: "Sydney" },
] as const;

export type SupportedTimeZone = (typeof supportedTimeZones)[number]["id"];
export const DEFAULT_TIME_ZONE: SupportedTimeZone = "America/Los_Angeles";
export const timeZoneIds = supportedTimeZones.map((z) => z.id) as [
  SupportedTimeZone,
  ...SupportedTimeZone[],
];
