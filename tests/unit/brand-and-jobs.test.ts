import { describe, expect, it } from "vitest";
import { brandsConfigSchema } from "../../shared/brand";
import { cronSlot } from "../../worker/jobs/cron";
import { retryDelaySeconds } from "../../worker/jobs/queue";
import { selectBrand } from "../../worker/lib/brand";

const base = {
  logoUrl: "/l.svg",
  logoAlt: "logo",
  faviconUrl: "/f.svg",
  footerLinks: [],
  allowSignup: true,
  features: { billing: true, branding: true },
  legalPages: true,
};

describe("brand configuration", () => {
  it("rejects a brand missing its name, naming the field", () => {
    const result = brandsConfigSchema.safeParse([{ ...base, id: "x" }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([0, "name"]);
  });

  it("falls back to the brand without a host fragment, wherever it is listed", () => {
    const brands = brandsConfigSchema.parse([
      { ...base, id: "dc", name: "DC", hostFragment: "dc." },
      { ...base, id: "main", name: "Main" },
    ]);
    expect(selectBrand(brands, "example.com").id).toBe("main");
    expect(selectBrand(brands, "dc.example.com").id).toBe("dc");
  });
});

describe("job timing rules", () => {
  it("puts every moment of an hour in the same cron slot", () => {
    expect(cronSlot(Date.parse("2026-01-01T05:00:00Z"))).toBe(
      cronSlot(Date.parse("2026-01-01T05:59:59Z")),
    );
    expect(cronSlot(Date.parse("2026-01-01T06:00:00Z"))).toBe("2026-01-01T06:00:00.000Z");
  });

  it("doubles the retry delay per attempt up to an hour", () => {
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(2)).toBe(20);
    expect(retryDelaySeconds(30)).toBe(3600);
  });
});
