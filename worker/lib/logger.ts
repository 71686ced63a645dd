import type { Context } from "hono";
import type { AppEnv } from "../env";

type Fields = Record<string, unknown>;
type Level = "debug" | "info" | "warn" | "error";

/**
 * Structured JSON logs, one line each, always carrying the request id so a user's report
 * ("request id abc…") leads straight to the log line. Never pass secrets, passwords or tokens.
 */
export function makeLogger(base: Fields) {
  const write = (level: Level, msg: string, fields: Fields = {}) => {
    const line = JSON.stringify({ level, msg, ...base, ...fields, at: new Date().toISOString() });
    if (level === "error") console.error(line);
    else if (level === "warn") console.warn(line);
    else console.log(line);
  };
  return {
    debug: (msg: string, f?: Fields) => write("debug", msg, f),
    info: (msg: string, f?: Fields) => write("info", msg, f),
    warn: (msg: string, f?: Fields) => write("warn", msg, f),
    error: (msg: string, f?: Fields) => write("error", msg, f),
  };
}
export type Logger = ReturnType<typeof makeLogger>;

export const logger = (c: Context<AppEnv>): Logger => makeLogger({ requestId: c.get("requestId") });
