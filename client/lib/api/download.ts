import { getAccessToken, toApiError, withSessionRenewal } from "./client";

/** Told the bytes received so far while a download's answer arrives. */
export type DownloadProgress = (receivedBytes: number) => void;

/** The shortest gap between two progress reports: a 100k-row file arrives in hundreds of chunks. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Fetches an authorised download with the in-memory bearer token and saves it under `filename`.
 * Downloads go through the API (never public URLs), so a plain link cannot carry the token, and
 * the browser's own download bar cannot show the file arriving: `onProgress` hears the bytes
 * received instead (a 100,000-video CSV is 19 MB and takes seconds), at most every 100 ms and
 * once more at the end.
 */
export async function downloadFile(
  path: string,
  filename: string,
  onProgress?: DownloadProgress,
): Promise<void> {
  // A download is often the first request after a laptop wakes: renewed like any call.
  const res = await withSessionRenewal(path, async () => {
    const answer = await fetch(path, {
      headers: { Authorization: `Bearer ${getAccessToken() ?? ""}` },
    });
    if (!answer.ok) throw await toApiError(answer);
    return answer;
  });
  const blob = onProgress && res.body ? await readCounting(res, onProgress) : await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/** The answer's body as a Blob, read chunk by chunk so its size so far can be told. */
async function readCounting(res: Response, onProgress: DownloadProgress): Promise<Blob> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let toldAt = Number.NEGATIVE_INFINITY;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    const now = Date.now();
    if (now - toldAt >= PROGRESS_INTERVAL_MS) {
      toldAt = now;
      onProgress(received);
    }
  }
  onProgress(received);
  return new Blob(chunks as BlobPart[], { type: res.headers.get("Content-Type") ?? "" });
}
