import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorFields, makeLogger } from "../../worker/lib/logger";

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

describe("failed database statements", () => {
  afterEach(() => vi.restoreAllMocks());
  const capture = () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((l: string) => void lines.push(l));
    return lines;
  };
  // What drizzle throws when D1 refuses a statement (here: the member-add race on users.email).
  const failed = () =>
    new DrizzleQueryError(
      'insert into "users" ("id", "email", "password_hash") values (?, ?, ?)',
      ["u-1", "ada@example.com", 'pbkdf2-sha256$100000$c2FsdA==$aGFzaA=="quoted"'],
      new Error("D1_ERROR: UNIQUE constraint failed: users.email: SQLITE_CONSTRAINT"),
    );

  it("logs the statement and the database's complaint, never the bound parameters", () => {
    const lines = capture();
    makeLogger({ requestId: "r1" }).error("unhandled error", errorFields(failed()));
    const line = lines[0]!;
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain("UNIQUE constraint failed: users.email");
    expect(line).not.toContain("ada@example.com");
    expect(line).not.toContain("pbkdf2-sha256");
  });

  it("masks the parameters even when a caller logs the error's own text", () => {
    const lines = capture();
    const error = failed();
    makeLogger({}).error("job failed", { error: String(error), stack: error.stack });
    const line = lines[0]!;
    expect(line).toContain("params: [redacted]");
    expect(line).not.toContain("ada@example.com");
    expect(line).not.toContain("pbkdf2-sha256");
    expect(line).not.toContain("quoted");
  });
});
