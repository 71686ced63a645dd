import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatChangePercent,
  initialsOf,
  integrationStatusColor,
  integrationStatusLabel,
  roleLabel,
  usageColor,
} from "../../shared/format";

describe("formatBytes (base 1024, 2 decimals)", () => {
  it.each([
    [0, "0 Bytes"],
    [512, "512 Bytes"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [5 * 1024 * 1024, "5 MB"],
    [1234567890, "1.15 GB"],
    [2 * 1024 ** 4, "2 TB"],
  ])("%i -> %s", (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe("colours and labels", () => {
  it("colours storage usage at the spec's thresholds", () => {
    expect([0, 75, 75.1, 90, 90.1].map(usageColor)).toEqual([
      "green",
      "green",
      "yellow",
      "yellow",
      "red",
    ]);
  });
  it("colours and names integration statuses, unknown ones as pending", () => {
    expect(["active", "error", "pending", "weird"].map(integrationStatusColor)).toEqual([
      "green",
      "red",
      "yellow",
      "yellow",
    ]);
    expect(integrationStatusLabel("weird")).toBe("Pending");
  });
  it("names roles as the spec does", () => {
    expect([roleLabel("admin"), roleLabel("standard")]).toEqual(["Administrator", "Standard User"]);
  });
  it("derives avatar initials from the email", () => {
    expect(initialsOf("jane.doe@example.com")).toBe("JD");
    expect(initialsOf("bob@example.com")).toBe("BO");
    expect(initialsOf("@x")).toBe("?");
  });
});

describe("formatChangePercent (a change's size: one decimal, never 0.0% for a real change)", () => {
  it.each([
    [0, "0.0%"],
    [12.345, "12.3%"],
    [-7.25, "7.3%"],
    [0.06, "0.1%"],
    [-0.024, "0.02%"],
    [0.0049, "<0.01%"],
    [22309.2, "22309.2%"],
  ])("%d -> %s", (percent, text) => expect(formatChangePercent(percent)).toBe(text));
});
