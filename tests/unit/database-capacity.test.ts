import { describe, expect, it } from "vitest";
import { D1_DATABASE_LIMIT_BYTES, databaseCapacity } from "../../worker/lib/database-capacity";

describe("databaseCapacity", () => {
  it("raises the alert from 80% of D1's 10 GB cap on, not before", () => {
    expect(databaseCapacity("DB", 7_999_999_999)).toEqual({
      binding: "DB",
      bytes: 7_999_999_999,
      percent: 80,
      alert: false,
    });
    expect(databaseCapacity("DB", 8e9).alert).toBe(true);
    expect(databaseCapacity("DB", D1_DATABASE_LIMIT_BYTES).percent).toBe(100);
  });

  it("gives the percentage to one decimal", () => {
    expect(databaseCapacity("CONTENT_1", 123_456_789).percent).toBe(1.2);
    expect(databaseCapacity("DB", 0)).toMatchObject({ percent: 0, alert: false });
  });
});
