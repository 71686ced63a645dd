import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, call, READ_TIMEOUT_MS } from "../../client/lib/api/client";
import { authApi } from "../../shared/api/auth";
import { healthApi } from "../../shared/api/health";

/*
 * A read that never answers must not leave a page loading forever: after READ_TIMEOUT_MS it fails
 * as a network error (react-query then asks once more). A write is never cut short, and a read
 * the caller cancels stays a cancellation. The network is faked at fetch: a request that hangs
 * until its signal aborts it, as a real one does.
 */

const hanging = vi.fn(
  (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
    }),
);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  hanging.mockClear();
});

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "answered",
    (error: unknown) => error,
  );

describe("a request that never answers", () => {
  it("fails a read as a network error once the timeout has passed, not before", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", hanging);
    let settled = false;
    const result = outcome(call(healthApi.check)).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "NETWORK", reason: "timeout", status: 0 });
    expect(READ_TIMEOUT_MS).toBe(20_000);
  });

  it("fails a read whose body stops coming", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"status":'));
            init?.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
          },
        });
        return new Response(body, { headers: { "content-type": "application/json" } });
      }),
    );
    const result = outcome(call(healthApi.check));
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS);
    expect(await result).toMatchObject({ code: "NETWORK", reason: "timeout" });
  });

  it("leaves a write waiting: it may take long and is not safe to send twice", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", hanging);
    let settled = false;
    void outcome(call(authApi.signIn, { body: { email: "a@example.com", password: "x" } })).finally(
      () => {
        settled = true;
      },
    );
    await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS * 3);
    expect(settled).toBe(false);
    expect(hanging.mock.calls[0]![1]!.signal).toBeUndefined();
  });

  it("keeps a read the caller cancels a cancellation, not a network error", async () => {
    vi.stubGlobal("fetch", hanging);
    const controller = new AbortController();
    const result = outcome(call(healthApi.check, undefined, { signal: controller.signal }));
    controller.abort();
    const error = await result;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
  });
});
