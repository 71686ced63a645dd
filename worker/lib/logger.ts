import { DrizzleQueryError } from "drizzle-orm/errors";

type Fields = Record<string, unknown>;

/*
 * Defence in depth: callers never pass secrets, but an error message can carry one (a provider
 * URL with `key=`, an Authorization header echoed back). Fields with secret-sounding names are
 * replaced, and credentials inside any text are masked before the line is written.
 */
const SECRET_FIELD = /pass(word)?|secret|token|api_?key|authorization|cookie|ciphertext/i;
const redactSecretFields = (key: string, value: unknown) =>
  key && SECRET_FIELD.test(key) && typeof value !== "object" ? "[redacted]" : value;
const SECRET_TEXT: Array<[RegExp, string]> = [
  // drizzle's "Failed query: <sql>\nparams: <values>" carries the bound values (emails, password
  // hashes); the statement is useful, the values are not ours to log. Inside a JSON line the
  // newline is the two characters backslash and n.
  [/((?:\\n|\n)params: )(?:[^"\\]|\\[^n])*/g, "$1[redacted]"],
  [
    /([?&](?:key|access_token|refresh_token|token|code|client_secret)=)[^&\s"\\]+/gi,
    "$1[redacted]",
  ],
  [/(Bearer\s+)[A-Za-z0-9._~+/-]+=*/g, "$1[redacted]"],
  [/eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, "[redacted-jwt]"],
];
export const redactLine = (line: string) =>
  SECRET_TEXT.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line);
export { redactSecretFields };

/**
 * The loggable description of an unexpected error. A failed database statement is described by
 * its SQL and the database's own complaint, never its bound parameters.
 */
export function errorFields(error: unknown): Fields {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause ?? "");
    return { error: `Failed query: ${error.query}`, cause };
  }
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}

type Level = "debug" | "info" | "warn" | "error";

/**
 * Structured JSON logs, one line each, always carrying the request id so a user's report
 * ("request id abc…") leads straight to the log line. Never pass secrets, passwords or tokens.
 */
export function makeLogger(base: Fields) {
  const write = (level: Level, msg: string, fields: Fields = {}) => {
    const line = redactLine(
      JSON.stringify(
        { level, msg, ...base, ...fields, at: new Date().toISOString() },
        redactSecretFields,
      ),
    );
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

// Typed by what it reads, not by the app's context type: env.ts names Logger, so importing
// AppEnv here would make the two modules depend on each other.
export const logger = (c: { get(key: "requestId"): string }): Logger =>
  makeLogger({ requestId: c.get("requestId") });
