import { z } from "zod";
import { failures, file, routesOf } from "./define";

// <img> cannot send a bearer token: images are public, and their random keys are the secret.
const route = routesOf("images", { public: true });

/** The parts of an image's key, as the upload made it: `<folder>/<owner id>/<uuid>.<ext>`. */
export const imageParamsSchema = z.object({
  folder: z.string(),
  ownerId: z.string(),
  fileName: z.string(),
});

/** Avatars and organisation logos. */
export const imagesApi = {
  image: route({
    method: "get",
    path: "/images/{folder}/{ownerId}/{fileName}",
    summary: "An avatar or logo (an unknown key is 404 Image not found)",
    request: { params: imageParamsSchema },
    responses: {
      200: file("The image", "image/png", "image/jpeg", "image/gif", "image/webp"),
      ...failures,
    },
  }),
};
