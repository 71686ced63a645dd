import type { RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import { errorEnvelopeSchema } from "../errors";

/*
 * The API contract: every route is declared once here in shared/api/<feature>.ts, with its
 * request and response schemas from shared/schemas/<feature>.ts. The Worker registers its
 * handlers against these definitions (@hono/zod-openapi checks a handler's answer against the
 * declared schema at compile time), the OpenAPI document at /api/openapi.json is generated from
 * them, and the browser's client (client/lib/api/client.ts) builds its URLs and parses its
 * answers from the very same objects. Only types are imported from the library, so the browser
 * bundle carries plain objects and zod.
 */

/** Identity, kept for its type: the literal method, path and schemas survive for inference. */
export const defineRoute = <const R extends RouteConfig>(route: R) => route;

/** A JSON request body (always required: an absent body is a 400 naming the first field). */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({
  required: true as const,
  content: { "application/json": { schema } },
});

/** A JSON answer. */
export const json = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { "application/json": { schema } },
});

/** A file answer (CSV, JSON file, image): described, never parsed as JSON by the client. */
export const file = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: { type: "string" as const, format: "binary" } }]),
  ),
});

/** A multipart upload with one `file` field (images: the server checks the bytes themselves). */
export const fileUpload = {
  required: true as const,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        properties: { file: { type: "string" as const, format: "binary" } },
        required: ["file"],
      },
    },
  },
};

/** Every refusal and failure carries the one error envelope (shared/errors.ts). */
export const failures = {
  "4XX": json(
    "Refused: bad input, no session, not allowed, not found or too large",
    errorEnvelopeSchema,
  ),
  "5XX": json("Failed: the request id in the envelope leads to the log line", errorEnvelopeSchema),
} as const;

/** The bearer access token (see shared/schemas/auth.ts). */
export const bearer = [{ bearer: [] }];

/** A JSON success answer with the given status, plus the failures every route may answer. */
export const responds = <const C extends 200 | 201 | 202, S extends z.ZodType>(
  status: C,
  description: string,
  schema: S,
) => ({ [status]: json(description, schema), ...failures }) as { [K in C]: Json<S> } & Failures;
type Json<S extends z.ZodType> = ReturnType<typeof json<S>>;
type Failures = typeof failures;

/**
 * A feature's route builder: its tag, and the bearer token unless the feature's routes are
 * public (sign-in, links opened from an email, images).
 */
export const routesOf =
  (tag: string, opts: { public?: boolean } = {}) =>
  <const R extends Omit<RouteConfig, "tags">>(route: R) =>
    ({ tags: [tag], ...(opts.public ? {} : { security: bearer }), ...route }) as R & {
      tags: string[];
    };

const uuid = (message: string) => z.string().uuid({ message });
/** Path parameters of everything under /orgs/{orgId}. */
export const orgParams = z.object({ orgId: uuid("Invalid organization id") });
export const orgParamsWith = <S extends z.ZodRawShape>(shape: S) => orgParams.extend(shape);
export { uuid as uuidParam };

/** The status codes a route answers with on success. */
type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<R extends RouteConfig> = R["responses"];
export type SuccessCode<R extends RouteConfig> = Extract<keyof Responses<R>, SuccessStatus>;
/** The zod schema of a route's JSON success answer. */
export type SuccessSchema<R extends RouteConfig> = Responses<R>[SuccessCode<R>] extends {
  content: { "application/json": { schema: infer S } };
}
  ? S extends z.ZodType
    ? S
    : never
  : never;
/** What a route answers on success, as the client sees it. */
export type ResponseOf<R extends RouteConfig> = z.output<SuccessSchema<R>>;

/** The success status and JSON schema of a route, found at run time. */
export function successOf(route: RouteConfig): { status: SuccessStatus; schema?: z.ZodType } {
  for (const [code, response] of Object.entries(route.responses)) {
    const status = Number(code);
    if (status < 200 || status > 299) continue;
    const content = (response as { content?: Record<string, { schema?: unknown }> }).content;
    const schema = content?.["application/json"]?.schema;
    return {
      status: status as SuccessStatus,
      schema: schema instanceof z.ZodType ? schema : undefined,
    };
  }
  throw new Error(`Route ${route.method} ${route.path} declares no success response`);
}

export type { RouteConfig as ApiRoute };
