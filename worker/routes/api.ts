import { bodyLimit } from "hono/body-limit";
import { ApiError } from "../errors";
import { accountRoutes } from "../features/account/routes";
import { orgScope } from "../features/auth/middleware";
import { authRoutes } from "../features/auth/routes";
import { clientErrorRoutes } from "../features/client-errors/routes";
import { detailRoutes } from "../features/details/routes";
import { devApiRoutes } from "../features/dev/routes";
import { googleCallbackRoutes, googleOrgRoutes } from "../features/google/routes";
import { healthRoutes } from "../features/health/routes";
import { imageRoutes } from "../features/images/routes";
import { ingestionRoutes } from "../features/ingestion/routes";
import { multiChannelRoutes, multiChannelSocketRoutes } from "../features/multichannel/routes";
import { membersRoutes } from "../features/organization/members-routes";
import { organizationRoutes } from "../features/organization/routes";
import { orgTimezoneRoutes } from "../features/organization/timezone-routes";
import { overviewRoutes } from "../features/overview/routes";
import { ownerRoutes } from "../features/owner/routes";
import { reportDownloadRoutes } from "../features/reports/download-routes";
import { reportRoutes } from "../features/reports/routes";
import { storageRoutes } from "../features/storage/routes";
import { tablePageRoutes, tableRoutes } from "../features/tables/routes";
import { newRouter } from "../lib/openapi";

/** JSON bodies above this are refused before parsing. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Uploads (multipart): 5 MB of image plus the multipart framing. */
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;

// bodyLimit counts the bytes as they stream in, so a chunked body without Content-Length is cut
// off at the limit too.
const limit = (maxSize: number, message: string, reason?: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError("PAYLOAD_TOO_LARGE", message, reason ? { reason } : {});
    },
  });
const jsonBodyLimit = limit(
  JSON_BODY_LIMIT,
  `Request body is larger than ${JSON_BODY_LIMIT / 1024} KB`,
);
const uploadBodyLimit = limit(
  UPLOAD_BODY_LIMIT,
  "File size must be less than 5MB",
  "file_too_large",
);

/**
 * Everything under /api/orgs/:orgId: the caller must be signed in (else 401) and a member (else
 * 404, so a foreign organisation's existence is not revealed), both checked by orgScope in one
 * statement, so it takes requireUser's place; admin-only routes add requireAdmin
 * themselves. Feature routers whose paths come from shared/api/ carry their full paths and are
 * mounted at "/".
 */
const organizationTree = newRouter();
organizationTree
  // "/orgs/:orgId/*" also matches "/orgs/:orgId" itself.
  .use("/orgs/:orgId/*", orgScope)
  .route("/", orgTimezoneRoutes)
  .route("/", membersRoutes)
  .route("/", googleOrgRoutes)
  .route("/", ownerRoutes)
  .route("/", storageRoutes)
  .route("/", tableRoutes)
  .route("/", reportDownloadRoutes)
  .route("/", reportRoutes)
  .route("/", multiChannelRoutes)
  .route("/", detailRoutes)
  .route("/", overviewRoutes)
  .route("/", ingestionRoutes)
  .route("/", organizationRoutes);

/** The JSON API, mounted at /api. Its document is generated from the same definitions. */
export const api = newRouter();
api
  .use("*", async (c, next) => {
    // Uploads are multipart and have their own limit; everything else is small JSON.
    if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data"))
      return uploadBodyLimit(c, next);
    return jsonBodyLimit(c, next);
  })
  .route("/", healthRoutes)
  .route("/", clientErrorRoutes)
  .route("/", authRoutes)
  .route("/", accountRoutes)
  // The board's WebSocket checks its own ticket (a browser cannot send the bearer header), so it
  // comes before the organisation's session check.
  .route("/", multiChannelSocketRoutes)
  // The table pages check the session and membership in their own D1 batch (readInOrg), so they
  // come before the tree whose orgScope would check them in a round trip of its own.
  .route("/", tablePageRoutes)
  .route("/", organizationTree)
  .route("/", imageRoutes)
  .route("/", googleCallbackRoutes)
  .route("/dev", devApiRoutes);

api.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
  type: "http",
  scheme: "bearer",
  bearerFormat: "JWT",
  description: "The access token from POST /auth/sign-in or POST /auth/refresh.",
});

/** The OpenAPI 3.1 document of every route declared in shared/api/ (served at /api/openapi.json). */
export const openApiDocument = () =>
  api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Crosscast API",
      version: "1",
      description:
        "JSON API of Crosscast. Errors always use the envelope { error: { code, message, requestId } }.",
    },
    servers: [{ url: "/api" }],
  });

let document: ReturnType<typeof openApiDocument> | undefined;
api.get("/openapi.json", (c) => {
  document ??= openApiDocument();
  return c.json(document);
});
