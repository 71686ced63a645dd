import { afterEach, describe, expect, it, vi } from "vitest";
import { makeLogger } from "../../worker/lib/logger";

describe("log redaction", () => {
  afterEach(() => vi.restoreAllMocks());
  const written = () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((l: string) => void lines.push(l));
    vi.spyOn(console, "warn").mockImplementation((l: string) => void lines.push(l));
    vi.spyOn(console, "error").mockImplementation((l: string) => void lines.push(l));
    return lines;
  };

  it("masks secret-named fields but keeps the rest", () => {
    const lines = written();
    makeLogger({ requestId: "r1" }).info("x", {
      password: "hunter22",
      apiKey: "AIza123",
      refreshToken: "abc",
      jobId: "j1",
      quotaUnits: 3,
    });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      password: "[redacted]",
      apiKey: "[redacted]",
      refreshToken: "[redacted]",
      jobId: "j1",
      quotaUnits: 3,
      requestId: "r1",
    });
  });

  it("masks credentials inside messages: URL keys, bearer tokens, JWTs", () => {
    const lines = written();
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEyMyJ9.c2lnbmF0dXJlLXZhbHVl";
    makeLogger({}).error("failed", {
      error: `GET https://www.googleapis.com/youtube/v3/videos?id=a&key=AIzaSecret123 failed; Authorization: Bearer ya29.token-value; ${jwt}`,
    });
    const line = lines[0]!;
    expect(line).not.toContain("AIzaSecret123");
    expect(line).not.toContain("ya29.token-value");
    expect(line).not.toContain(jwt);
    expect(line).toContain("id=a&key=[redacted]");
  });
});
