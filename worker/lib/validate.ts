import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import type { $ZodError } from "zod/v4/core";
import { ApiError } from "../errors";

/** Describes the first zod issue as "field: problem", naming the field a caller got wrong. */
export function describeIssue(error: $ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  if (!issue) return { message: "Invalid request" };
  const field = issue.path.map(String).join(".");
  return field ? { message: `${field}: ${issue.message}`, field } : { message: issue.message };
}

/**
 * Which part of the request each validator checks, keyed by the middleware itself. The input
 * fuzzing test reads it from the route table to know which routes take a JSON body or a query.
 */
export const validatorTargets = new WeakMap<object, keyof ValidationTargets>();
/** The schema each validator applies, for the property-based fuzzer to generate inputs from. */
export const validatorSchemas = new WeakMap<object, z.ZodType>();

/** Records a validator's target (see validatorTargets) and hands the middleware back. */
export function registerValidator<M extends object>(
  middleware: M,
  target: keyof ValidationTargets,
  schema?: z.ZodType,
): M {
  validatorTargets.set(middleware, target);
  if (schema) validatorSchemas.set(middleware, schema);
  return middleware;
}

/**
 * zValidator with our envelope: a failed parse becomes 400 BAD_REQUEST naming the field, and
 * the handler never runs (so nothing is written).
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  registerValidator(
    zValidator(target, schema, (result) => {
      if (!result.success) {
        const { message, field } = describeIssue(result.error);
        throw new ApiError("BAD_REQUEST", message, field ? { field } : {});
      }
    }),
    target,
    schema,
  );
