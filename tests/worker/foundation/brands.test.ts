import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BRAND_ELEMENT_ID } from "../../../shared/brand";
import { configuredBrands, selectBrand, signupAllowed } from "../../../worker/lib/brand";

const brands = () => configuredBrands(env.BRANDS);

describe("brand selection by host", () => {
  it("picks the default brand for ordinary hosts, with or without a port", () => {
    expect(selectBrand(brands(), "localhost:8787").id).toBe("crosscast");
    expect(selectBrand(brands(), "app.crosscast.example").id).toBe("crosscast");
    expect(selectBrand(brands(), undefined).id).toBe("crosscast");
  });

  it("picks the data-center brand when the host contains its fragment, in any case", () => {
    expect(selectBrand(brands(), "datacenter.crosscast.test:9000").id).toBe("datacenter");
    expect(selectBrand(brands(), "Analytics.DataCenter.example.com").id).toBe("datacenter");
  });

  it("allows sign-up only when brand and flag both allow it", () => {
    const [main, dc] = [selectBrand(brands(), "localhost"), selectBrand(brands(), "datacenter.x")];
    expect(signupAllowed(main, "true")).toBe(true);
    expect(signupAllowed(main, "false")).toBe(false);
    expect(signupAllowed(dc, "true")).toBe(false);
  });
});

async function brandOf(html: string) {
  const match = html.match(
    new RegExp(`<script type="application/json" id="${BRAND_ELEMENT_ID}">(.*?)</script>`),
  );
  expect(match, "brand JSON is injected").not.toBeNull();
  return JSON.parse(match![1]!) as {
    id: string;
    name: string;
    allowSignup: boolean;
    hostFragment?: string;
  };
}

describe("index.html brand injection", () => {
  it("serves pages with the default brand's title, favicon and data", async () => {
    const res = await SELF.fetch("http://localhost/dashboard");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    const brand = await brandOf(html);
    expect(brand.id).toBe("crosscast");
    expect(brand.allowSignup).toBe(true);
    expect(brand.hostFragment).toBeUndefined();
    expect(html).toContain("<title>Crosscast</title>");
    expect(html).toContain('href="/brand/crosscast-favicon.svg"');
    expect(html).toContain('data-brand="crosscast"');
  });

  it("serves the data-center brand on its host, with sign-up off", async () => {
    const html = await (await SELF.fetch("http://datacenter.crosscast.test/reports")).text();
    const brand = await brandOf(html);
    expect(brand.id).toBe("datacenter");
    expect(brand.allowSignup).toBe(false);
    expect(html).toContain("<title>Crosscast Data Center Analytics</title>");
    expect(html).toContain('href="/brand/datacenter-favicon.svg"');
  });

  it("serves unknown page paths as the app (the client redirects them to /dashboard)", async () => {
    const res = await SELF.fetch("http://localhost/some/unknown/page");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(BRAND_ELEMENT_ID);
  });
});

describe("legal pages per brand", () => {
  for (const path of ["/legal", "/privacy", "/manage-cookies"]) {
    it(`${path} exists for the default brand`, async () => {
      const res = await SELF.fetch(`http://localhost${path}`, { redirect: "manual" });
      expect(res.status).toBe(200);
    });
    it(`${path} redirects to /dashboard on the data-center brand`, async () => {
      const res = await SELF.fetch(`http://datacenter.crosscast.test${path}`, {
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/dashboard");
    });
  }
});

describe("static files", () => {
  it("serves the change-log manifest as JSON", async () => {
    const res = await SELF.fetch("http://localhost/docs/change-logs/manifest.json");
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      changeLogs: Array<{ filename: string; date: string; title: string }>;
    };
    expect(manifest.changeLogs.length).toBeGreaterThan(0);
  });
});
