import type { DriveFile } from "./drive-state";

/*
 * The parts of Drive's search language (`q`) and sort keys (`orderBy`) the emulator understands,
 * as drive.v3.json describes them. Anything else is refused the way Drive refuses it (400
 * "Invalid Value" naming the parameter), never silently ignored.
 */

export class DriveQueryError extends Error {
  constructor(readonly parameter: "q" | "orderBy") {
    super("Invalid Value");
  }
}

type Predicate = (file: DriveFile) => boolean;
const quoted = /^'((?:[^'\\]|\\.)*)'$/;
const unquote = (text: string) => {
  const m = quoted.exec(text.trim());
  if (!m) throw new DriveQueryError("q");
  return m[1]!.replace(/\\(.)/g, "$1");
};

function term(text: string): Predicate {
  const t = text.trim();
  let m = /^trashed\s*(=|!=)\s*(true|false)$/.exec(t);
  if (m) {
    const want = m[2] === "true";
    return m[1] === "=" ? (f) => f.trashed === want : (f) => f.trashed !== want;
  }
  m = /^(mimeType|name)\s*(=|!=)\s*('.*')$/.exec(t);
  if (m) {
    const field = m[1] as "mimeType" | "name";
    const value = unquote(m[3]!);
    return m[2] === "=" ? (f) => f[field] === value : (f) => f[field] !== value;
  }
  m = /^(not\s+)?name\s+contains\s+('.*')$/.exec(t);
  if (m) {
    const value = unquote(m[2]!).toLowerCase();
    const hit: Predicate = (f) => f.name.toLowerCase().includes(value);
    return m[1] ? (f) => !hit(f) : hit;
  }
  m = /^(createdTime|modifiedTime)\s*(<|<=|>|>=|=)\s*('.*')$/.exec(t);
  if (m) {
    const field = m[1] as "createdTime" | "modifiedTime";
    const at = Date.parse(unquote(m[3]!));
    if (Number.isNaN(at)) throw new DriveQueryError("q");
    const cmp = m[2]!;
    return (f) => {
      const v = Date.parse(f[field] ?? f.createdTime);
      return cmp === "<"
        ? v < at
        : cmp === "<="
          ? v <= at
          : cmp === ">"
            ? v > at
            : cmp === ">="
              ? v >= at
              : v === at;
    };
  }
  throw new DriveQueryError("q");
}

/** `a and b`, `a or b` (and binds tighter), terms as above. Quoted text may hold " and ". */
export function parseDriveQuery(q: string | undefined): Predicate {
  if (q === undefined || q.trim() === "") return () => true;
  const split = (text: string, word: "and" | "or") => {
    const parts: string[] = [];
    let depth = 0;
    let start = 0;
    const re = new RegExp(`\\s${word}\\s`, "gi");
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "\\") i++;
      else if (text[i] === "'") depth ^= 1;
      else if (depth === 0) {
        re.lastIndex = i;
        const hit = re.exec(text);
        if (hit && hit.index === i) {
          parts.push(text.slice(start, i));
          start = i + hit[0].length;
          i = start - 1;
        }
      }
    }
    parts.push(text.slice(start));
    return parts;
  };
  const anyOf = split(q, "or").map((alt) => split(alt, "and").map(term));
  return (f) => anyOf.some((all) => all.every((p) => p(f)));
}

const SORT_KEYS = new Set([
  "createdTime",
  "folder",
  "modifiedByMeTime",
  "modifiedTime",
  "name",
  "name_natural",
  "quotaBytesUsed",
  "recency",
  "sharedWithMeTime",
  "starred",
  "viewedByMeTime",
]);

const sortValue = (f: DriveFile, key: string): string | number => {
  if (key === "name" || key === "name_natural") return f.name;
  if (key === "quotaBytesUsed") return Number(f.size ?? 0);
  if (key === "modifiedTime" || key === "modifiedByMeTime" || key === "recency")
    return Date.parse(f.modifiedTime ?? f.createdTime);
  if (key === "createdTime") return Date.parse(f.createdTime);
  return 0; // folder, starred, viewed/shared times: every emulated file ties
};

/** A comparator for `orderBy` ("createdTime desc,name"); default: Drive's own order (kept). */
export function parseDriveOrder(
  orderBy: string | undefined,
): (a: DriveFile, b: DriveFile) => number {
  if (orderBy === undefined || orderBy.trim() === "") return () => 0;
  const keys = orderBy.split(",").map((part) => {
    const [key, dir, extra] = part.trim().split(/\s+/);
    if (!key || !SORT_KEYS.has(key) || extra || (dir && dir !== "desc"))
      throw new DriveQueryError("orderBy");
    return { key, sign: dir === "desc" ? -1 : 1 };
  });
  return (a, b) => {
    for (const { key, sign } of keys) {
      const x = sortValue(a, key);
      const y = sortValue(b, key);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return 0;
  };
}
