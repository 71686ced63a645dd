import { getAccessToken } from "./client";

/**
 * Fetches an authorised download with the in-memory bearer token and saves it under `filename`.
 * Downloads go through the API (never public URLs), so a plain link cannot carry the token.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${getAccessToken() ?? ""}` } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
