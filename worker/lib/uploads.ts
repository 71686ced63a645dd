import { imageSize } from "image-size";
import { ApiError } from "../errors";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

type ImageType = { contentType: string; extension: string };

/**
 * The image type of a file by its first bytes (magic numbers), never by its name or the type the
 * browser claims. SVG is refused: it can carry script.
 */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { contentType: "image/png", extension: "png" };
  if (starts(0xff, 0xd8, 0xff)) return { contentType: "image/jpeg", extension: "jpg" };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { contentType: "image/gif", extension: "gif" };
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return { contentType: "image/webp", extension: "webp" };
  return null;
}

/** The longest side we take: a small file can declare a huge canvas that every viewer decodes. */
export const MAX_IMAGE_SIDE = 10_000;

const PNG_END = [0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]; // "IEND" and its CRC

/** Whether the bytes hold the given sequence from `at` on. */
const holds = (bytes: Uint8Array, at: number, sequence: number[]) =>
  at >= 0 && sequence.every((b, i) => bytes[at + i] === b);

/** Whether a file reaches its format's end (a JPEG has no entry: see wholeImage). */
const REACHES_END: Record<string, (bytes: Uint8Array) => boolean> = {
  png: (bytes) => holds(bytes, bytes.length - 8, PNG_END),
  gif: (bytes) => bytes[bytes.length - 1] === 0x3b,
  webp: (bytes) =>
    new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true) + 8 <= bytes.length,
};

/**
 * Whether a file whose first bytes name an image is that image, whole: its header parses to a
 * size (image-size reads each format's header; eight signature bytes and then anything did not)
 * and the file reaches its format's end. A PNG ends with its IEND chunk; a GIF with its trailer
 * byte; a WebP's RIFF header counts its length. A JPEG is not held to its end marker: phone
 * cameras append data after it (motion photos), and browsers show such files.
 */
function wholeImage(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return null;
  }
  const { width, height } = size;
  if (size.type !== type.extension || !width || !height) return null;
  const reachesEnd = REACHES_END[type.extension] ?? (() => true);
  return reachesEnd(bytes) ? { width, height } : null;
}

/** Reads the "file" field of a multipart upload and checks it is an image of at most 5 MB. */
export async function readImageUpload(
  request: Request,
): Promise<{ bytes: Uint8Array; type: ImageType }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  // Multipart framing adds a little; anything far above the limit is refused before reading.
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024)
    throw new ApiError("PAYLOAD_TOO_LARGE", "File size must be less than 5MB", {
      reason: "file_too_large",
    });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError("BAD_REQUEST", "file: expected a multipart upload", { field: "file" });
  }
  const file = form.get("file");
  if (!file || typeof file === "string")
    throw new ApiError("BAD_REQUEST", "file: Required", { field: "file" });
  if (file.size > MAX_UPLOAD_BYTES)
    throw new ApiError("PAYLOAD_TOO_LARGE", "File size must be less than 5MB", {
      reason: "file_too_large",
    });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImage(bytes);
  const size = type && wholeImage(bytes, type);
  if (!type || !size)
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Please upload an image file", {
      reason: "not_an_image",
    });
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE)
    throw new ApiError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Images can be at most 10,000 pixels wide and 10,000 pixels tall",
      { reason: "image_too_large" },
    );
  return { bytes, type };
}

/** Stores an image under a key the server chooses; the caller's file name is never used. */
export async function storeImage(
  bucket: R2Bucket,
  prefix: string,
  image: { bytes: Uint8Array; type: ImageType },
) {
  const key = `${prefix}/${crypto.randomUUID()}.${image.type.extension}`;
  await bucket.put(key, image.bytes, {
    httpMetadata: { contentType: image.type.contentType, cacheControl: "public, max-age=3600" },
  });
  return key;
}
