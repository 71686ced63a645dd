import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../worker/routes/api";

/*
 * /api/openapi.json is generated from the route definitions in shared/api/. Here it is checked
 * against the OpenAPI 3.1 specification's own JSON Schema (the worker test
 * tests/worker/contract/openapi.test.ts checks real answers against it).
 */
describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = openApiDocument();
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("the validator refuses a broken document (so the check above can fail)", async () => {
    const broken = { openapi: "3.1.0", info: { title: "x" }, paths: { "/x": { get: {} } } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("gives every operation a summary, a tag and a success answer (101 for the WebSocket)", () => {
    const operations = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
      Object.entries(
        item as Record<string, { summary?: string; tags?: string[]; responses: object }>,
      ).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, ...op })),
    );
    expect(operations.length).toBeGreaterThan(0);
    for (const op of operations) {
      expect(op.summary, op.name).toBeTruthy();
      expect(op.tags?.length, op.name).toBeGreaterThan(0);
      expect(
        Object.keys(op.responses).some((code) => /^[123]\d\d$/.test(code)),
        op.name,
      ).toBe(true);
    }
  });
});
