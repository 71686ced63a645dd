import { profileMessages } from "../../shared/messages";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The spec's client-side checks before an upload; the server checks the bytes again. */
export function imageFileProblem(file: File): string | null {
  if (!file.type.startsWith("image/")) return profileMessages.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return profileMessages.fileTooLarge;
  return null;
}
