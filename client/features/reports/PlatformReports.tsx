import type { Platform } from "../../../shared/schemas/enums";

/** Placeholder until the reports issue lands: the Recurring Reports and Reports tables of one platform. */
export default function PlatformReports({ platform }: { orgId: string; platform: Platform }) {
  return <p className="text-sm text-slate-500">{platform === "youtube" ? "YouTube" : "Simplecast"} reports will appear here.</p>;
}
