/** Awaits a call expected to fail with a given error class and returns that error. */
export async function failureOf<E extends Error>(
  promise: Promise<unknown>,
  kind: new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected a ${kind.name}`);
}

/**
 * A database call's failure as text, or "no error": drizzle wraps D1's error ("Failed query:
 * ...") and keeps D1's own message, which names the constraint or trigger, as the cause.
 */
export async function databaseFailureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String(error instanceof Error ? (error.cause ?? error.message) : error);
  }
  return "no error";
}
