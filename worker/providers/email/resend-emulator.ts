import { z } from "zod";
import { tapped } from "../../sandbox/traffic";
import type { FetchLike } from "./types";

/*
 * A stand-in for Resend's POST /emails, used only with the sandbox on and a key starting with
 * "re_sandbox" (so a developer who configures a real key locally still gets real delivery). It
 * answers with Resend's real shapes, and magic keys reproduce its refusals:
 *   re_sandbox_invalid       403 invalid key
 *   re_sandbox_rate_limited  429 rate_limit_exceeded
 *   re_sandbox_unreachable   the network fails (fetch throws)
 *   any other re_sandbox*    200 { id }
 */
export const isSandboxResendKey = (key: string) => key.startsWith("re_sandbox");

const emailBody = z.object({
  from: z.string().min(1),
  to: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(50)]),
  subject: z.string().min(1),
  text: z.string().optional(),
  html: z.string().optional(),
});

const error = (statusCode: number, name: string, message: string) =>
  Response.json({ statusCode, name, message }, { status: statusCode });

export const resendEmulatorFetch: FetchLike = (input, init) =>
  answerResend(new Request(input, init));

const answerResend = tapped(async (request: Request): Promise<Response> => {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== "/emails")
    return error(404, "not_found", "Not found");
  const key = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
  if (!key) return error(401, "missing_api_key", "Missing API key in the authorization header.");
  if (key === "re_sandbox_unreachable") throw new TypeError("Network connection lost.");
  if (key === "re_sandbox_invalid") return error(403, "invalid_api_key", "API key is invalid");
  if (key === "re_sandbox_rate_limited")
    return error(
      429,
      "rate_limit_exceeded",
      "Too many requests. You can only make 2 requests per second.",
    );
  const parsed = emailBody.safeParse(await request.json().catch(() => null));
  if (!parsed.success)
    return error(422, "validation_error", parsed.error.issues[0]?.message ?? "Invalid body");
  return Response.json({ id: crypto.randomUUID() });
});
