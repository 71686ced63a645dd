import { imagesApi } from "../../../shared/api/images";
import { ApiError } from "../../errors";
import { newRouter } from "../../lib/openapi";

// Only avatar and logo keys, exactly as storeImage makes them: nothing else in R2 is reachable.
const IMAGE_KEY =
  /^(avatars|organizations)\/[A-Za-z0-9-]{1,64}\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/**
 * Avatars and logos. <img> cannot send a bearer token, so these are served without one; their
 * keys are random UUIDs, so knowing a URL is the only way to see an image.
 */
export const imageRoutes = newRouter().openapi(imagesApi.image, async (c) => {
  const { folder, ownerId, fileName } = c.req.valid("param");
  const key = `${folder}/${ownerId}/${fileName}`;
  if (!IMAGE_KEY.test(key)) throw new ApiError("NOT_FOUND", "Image not found");
  const object = await c.env.FILES.get(key);
  if (!object) throw new ApiError("NOT_FOUND", "Image not found");
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      ETag: object.httpEtag,
    },
  });
});
