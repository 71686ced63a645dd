import { OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { z } from "zod";
import type { $ZodError } from "zod/v4/core";
import { type SuccessCode, type SuccessSchema, successOf } from "../../shared/api/define";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { describeIssue } from "./validate";

/**
 * A feature's router. Handlers are registered with `.openapi(route, handler)` against the
 * definitions in shared/api/, so the request is validated by the route's own schemas (a failure
 * is a 400 naming the field, before the handler runs) and the route is in /api/openapi.json.
 */
export const newRouter = (opts: { reason?: (error: $ZodError) => string | undefined } = {}) =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      throw badRequest(result.error, opts.reason);
    },
  });

/**
 * The 400 for a request that failed its route's validation, naming the field; with a stable
 * `reason` where the client has the spec's own words for the failure (auth).
 */
export function badRequest(
  error: $ZodError,
  reasonOf?: (error: $ZodError) => string | undefined,
): ApiError {
  const { message, field } = describeIssue(error);
  const reason = reasonOf?.(error);
  return new ApiError("BAD_REQUEST", message, {
    ...(field ? { field } : {}),
    ...(reason ? { reason } : {}),
  });
}

type SuccessStatus<R extends RouteConfig> = SuccessCode<R> & (200 | 201 | 202);

/**
 * Answers with the route's success schema: the value is parsed (so nothing the schema does not
 * name, such as a database column, ever leaves the Worker) and sent with the declared status.
 */
export function reply<R extends RouteConfig>(
  c: Context,
  route: R,
  value: z.input<SuccessSchema<R>>,
): Response & TypedResponse<JSONParsed<z.output<SuccessSchema<R>>>, SuccessStatus<R>, "json"> {
  const { status, schema } = successOf(route);
  if (!schema) throw new Error(`${route.method} ${route.path} has no JSON success schema`);
  return c.json(schema.parse(value) as object, status as 200) as never;
}
