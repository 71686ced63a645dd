/*
 * Google's `fields` system parameter (a partial response): the answer keeps only the named
 * fields. Syntax, as Google documents it for its JSON APIs: a comma-separated list; `a/b` or
 * `a.b` selects `b` inside `a`; `a(b,c)` selects several fields inside `a`; `*` selects every
 * field at its level. A selection inside an array applies to each element. Every emulator
 * (YouTube, Sheets, Drive) answers through `partialResponse`, so a client that asks for less
 * gets less, exactly as from Google.
 */

/** A parsed mask: each named field maps to its own sub-mask, or to `true` for "all of it". */
export type FieldMask = Map<string, FieldMask | true>;

export class FieldMaskError extends Error {}

function merge(into: FieldMask, name: string, sub: FieldMask | true) {
  const had = into.get(name);
  if (had === true || sub === true) into.set(name, true);
  else if (had) for (const [k, v] of sub) merge(had, k, v);
  else into.set(name, sub);
}

/** Parses a mask; throws FieldMaskError on bad syntax (Google answers 400 for those). */
export function parseFieldMask(text: string): FieldMask {
  let at = 0;
  const name = () => {
    const m = /^(\*|[A-Za-z0-9_$@-]+)/.exec(text.slice(at));
    if (!m) throw new FieldMaskError(`Invalid field selection ${text}`);
    at += m[0].length;
    return m[0];
  };
  const list = (closing: string | null): FieldMask => {
    const mask: FieldMask = new Map();
    for (;;) {
      const path = [name()];
      while (text[at] === "/" || text[at] === ".") {
        at++;
        path.push(name());
      }
      let leaf: FieldMask | true = true;
      if (text[at] === "(") {
        at++;
        leaf = list(")");
      }
      // a/b/c(d) is a -> b -> c -> (d)
      const nested = path
        .slice(1)
        .reverse()
        .reduce<FieldMask | true>((inner, key) => new Map([[key, inner]]), leaf);
      merge(mask, path[0]!, nested);
      if (text[at] === ",") {
        at++;
        continue;
      }
      if (closing && text[at] === closing) {
        at++;
        return mask;
      }
      if (!closing && at === text.length) return mask;
      throw new FieldMaskError(`Invalid field selection ${text}`);
    }
  };
  if (text.trim() === "") throw new FieldMaskError("Invalid field selection (empty)");
  return list(null);
}

/** The value with only the masked fields kept (arrays: each element). */
export function applyFieldMask(value: unknown, mask: FieldMask | true): unknown {
  if (mask === true || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => applyFieldMask(item, mask));
  const all = mask.get("*");
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const sub = mask.get(key) ?? all;
    if (sub !== undefined) out[key] = applyFieldMask(field, sub);
  }
  return out;
}

/** The answer as the request's `fields` parameter shapes it (unchanged without one). */
export function partialResponse(body: unknown, fields: string | undefined): unknown {
  return fields === undefined ? body : applyFieldMask(body, parseFieldMask(fields));
}
