import { describe, expect, it } from "vitest";
import { timeOrderedUuid, timeOrderedUuids } from "../../worker/lib/crypto/time-ordered-id";

describe("time-ordered UUIDs (version 7)", () => {
  it("have the shape of any UUID, version 7 and the RFC variant", () => {
    const id = timeOrderedUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("begin with the milliseconds they were made at, so later ones sort after", () => {
    const at = Date.UTC(2026, 10, 24, 14, 0, 0, 123);
    const id = timeOrderedUuid(at);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    expect(timeOrderedUuid(at + 1) > timeOrderedUuid(at)).toBe(true);
    expect(timeOrderedUuid(at + 1000) > id).toBe(true);
  });

  it("stay distinct when made in the same millisecond", () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 5000 }, () => timeOrderedUuid(at)));
    expect(ids.size).toBe(5000);
  });

  it("come in batches of the same shape, distinct, all beginning with the batch's milliseconds", () => {
    const at = Date.UTC(2026, 10, 24, 18, 30, 0, 7);
    const ids = timeOrderedUuids(9000, at); // more than one draw of random bytes
    expect(ids).toHaveLength(9000);
    expect(new Set(ids).size).toBe(9000);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    }
    expect(timeOrderedUuids(0, at)).toEqual([]);
  });
});
