import fc from "fast-check";

/*
 * fast-check arbitraries generated from a route's zod schema (through zod's own JSON Schema
 * export). Each value is mostly valid, so requests get past validation into the handlers, and
 * laced with what breaks code: keys of Object.prototype, unicode (NUL, right-to-left override,
 * astral and combining characters), huge and boundary values, extra keys.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

export const PROTOTYPE_KEYS = [
  "constructor",
  "__proto__",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
];
const NASTY_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Eevil\u202C",
  "\u2066x\u2069",
  "😀👩‍👩‍👧",
  "e\u0301\u0301\u0301",
  "\uFEFF",
  "\uD800",
  "%",
  "_",
  "\\",
  "'; DROP TABLE users;--",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "=cmd|' /C calc'!A0",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
];

const hostileString = (maxLength: number | undefined) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 3 },
    { arbitrary: fc.constantFrom(...NASTY_TEXT), weight: 1 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
    // At, just over, and far over the limit.
    {
      arbitrary: fc
        .constantFrom(maxLength ?? 256, (maxLength ?? 256) + 1, 70_000)
        .map((n) => "x".repeat(n)),
      weight: 1,
    },
  );

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const valid =
    s.format === "uuid"
      ? fc.uuid()
      : s.format === "email"
        ? fc.emailAddress()
        : s.format === "date-time"
          ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
          : fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) });
  return fc.oneof(
    { arbitrary: valid, weight: 1 },
    { arbitrary: hostileString(s.maxLength), weight: 1 },
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e6;
  const boundaries = [min, max, min - 1, max + 1, 0, -1, Number.MAX_SAFE_INTEGER, -1e308, 1e308];
  const inRange = integer
    ? fc.integer({ min: Math.max(min, -2e9), max: Math.min(max, 2e9) })
    : fc.double({ min: Math.max(min, -1e9), max: Math.min(max, 1e9), noNaN: true });
  return fc.oneof(
    { arbitrary: inRange, weight: 3 },
    { arbitrary: fc.constantFrom(...boundaries), weight: 2 },
    { arbitrary: fc.constantFrom(0.5, -0.5, 1e-9), weight: 1 },
  );
}

/** Any JSON value at all: what a caller may send where a schema expects something else. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const wrong = { arbitrary: anyJson, weight: 1 };
  if (schema.const !== undefined)
    return fc.oneof({ arbitrary: fc.constant(schema.const), weight: 5 }, wrong);
  if (schema.enum)
    return fc.oneof(
      { arbitrary: fc.constantFrom(...schema.enum), weight: 5 },
      { arbitrary: fc.constantFrom(...PROTOTYPE_KEYS), weight: 1 },
    );
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryFor(v, depth + 1)));
  if (schema.allOf?.length) return arbitraryFor(Object.assign({}, ...schema.allOf), depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return fc.oneof({ arbitrary: stringArbitrary(schema), weight: 8 }, wrong);
    case "integer":
      return fc.oneof({ arbitrary: numberArbitrary(schema, true), weight: 8 }, wrong);
    case "number":
      return fc.oneof({ arbitrary: numberArbitrary(schema, false), weight: 8 }, wrong);
    case "boolean":
      return fc.oneof({ arbitrary: fc.boolean(), weight: 8 }, wrong);
    case "null":
      return fc.constant(null);
    case "array": {
      if (depth > 4) return fc.constant([]);
      const items = schema.items ? arbitraryFor(schema.items, depth + 1) : anyJson;
      const maxLength = Math.min((schema.maxItems ?? 5) + 1, 12);
      return fc.oneof(
        { arbitrary: fc.array(items, { minLength: schema.minItems ?? 0, maxLength }), weight: 8 },
        wrong,
      );
    }
    case "object": {
      if (depth > 4) return fc.constant({});
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(props).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]),
      );
      const record = fc.record(shape, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
      // Prototype-chain keys as extra own keys (JSON.parse makes "__proto__" an own key too).
      const extra = fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS), anyJson, { maxKeys: 2 });
      return fc.oneof(
        { arbitrary: record, weight: 6 },
        { arbitrary: fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r })), weight: 2 },
        wrong,
      );
    }
    default:
      return anyJson;
  }
}

/** A query string from a query schema: every value as text, plus stray prototype-chain keys. */
export function queryArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  return fc
    .tuple(
      arbitraryFor({ ...schema, type: "object" }),
      fc.subarray(PROTOTYPE_KEYS, { maxLength: 2 }),
    )
    .map(([value, stray]) => {
      const params = new URLSearchParams();
      if (value && typeof value === "object" && !Array.isArray(value))
        for (const [k, v] of Object.entries(value)) {
          if (v === undefined) continue;
          params.append(k, typeof v === "string" ? v : JSON.stringify(v));
        }
      for (const k of stray) params.append(k, "1");
      return params.toString();
    });
}
