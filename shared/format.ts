/** Sizes in Bytes, KB, MB, GB or TB, base 1024, 2 decimals (spec section 9). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const units = ["Bytes", "KB", "MB", "GB", "TB"];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/**
 * The size of a change as a percentage, without its sign (callers give the sign and the arrow):
 * one decimal, as the cards show changes, but never "0.0%" for a change that is not zero. One
 * video fewer out of 4,135 is 0.02%, which one decimal showed as "−0.0%" beside a red arrow; it
 * gets two decimals, and anything under 0.01% says so.
 */
export function formatChangePercent(percent: number): string {
  const size = Math.abs(percent);
  if (size === 0 || size >= 0.05) return `${size.toFixed(1)}%`;
  if (size >= 0.005) return `${size.toFixed(2)}%`;
  return "<0.01%";
}

/** Storage bar colour: green up to 75 %, yellow above 75, red above 90 (spec section 9). */
export function usageColor(percent: number): "green" | "yellow" | "red" {
  if (percent > 90) return "red";
  if (percent > 75) return "yellow";
  return "green";
}

/** API key status colour: active green, error red, anything else yellow (spec section 9). */
export function integrationStatusColor(status: string): "green" | "red" | "yellow" {
  if (status === "active") return "green";
  if (status === "error") return "red";
  return "yellow";
}

/** Anything but active or error displays as pending (spec section 3). */
export const integrationStatusLabel = (status: string) =>
  status === "active" ? "Active" : status === "error" ? "Error" : "Pending";

export const roleLabel = (role: "admin" | "standard") =>
  role === "admin" ? "Administrator" : "Standard User";

/** Initials for the generated avatar: first letters of the name part of the email (up to two). */
export function initialsOf(email: string): string {
  const local = email.split("@")[0] ?? "";
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const letters = (parts.length >= 2 ? parts[0]![0]! + parts[1]![0]! : local.slice(0, 2)) || "?";
  return letters.toUpperCase();
}
