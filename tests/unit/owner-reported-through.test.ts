import { describe, expect, it } from "vitest";
import {
  completeThrough,
  UNREPORTED_FINAL_AFTER_DAYS,
} from "../../worker/features/owner/reported-through";

/*
 * How far an owner connection's exact days are complete: YouTube Analytics leaves the most recent
 * days out of its day reports, so a day asked before it is reported must be asked again, not
 * kept as a day without views.
 */

const yesterday = 20_000;

describe("completeThrough", () => {
  it("stops at the newest day YouTube reported, not at the last day asked", () => {
    const reported = [19_995, 19_996, 19_997, 19_998];
    expect(completeThrough(reported, 19_994, yesterday, yesterday)).toBe(19_998);
  });

  it("moves nothing while no newer day is reported", () => {
    expect(completeThrough([], 19_998, yesterday, yesterday)).toBe(19_998);
    expect(completeThrough([19_997], 19_998, yesterday, yesterday)).toBe(19_998);
  });

  it("takes a day still missing long after it closed as a day without views", () => {
    expect(UNREPORTED_FINAL_AFTER_DAYS).toBe(5);
    // A channel nobody watched: no row for any day asked.
    expect(completeThrough([], 19_980, yesterday, yesterday)).toBe(yesterday - 5);
    expect(completeThrough([19_990], 19_980, yesterday, yesterday)).toBe(yesterday - 5);
  });

  it("never goes past the days asked", () => {
    // A refresh asks at most a week at a time: a connection far behind catches up in steps.
    expect(completeThrough([], 19_900, 19_907, yesterday)).toBe(19_907);
    expect(completeThrough([19_903], null, 19_907, yesterday)).toBe(19_907);
  });

  it("starts a new connection at its newest reported day", () => {
    expect(completeThrough([19_998], null, yesterday, yesterday)).toBe(19_998);
    expect(completeThrough([], null, yesterday, yesterday)).toBe(yesterday - 5);
  });
});
