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
