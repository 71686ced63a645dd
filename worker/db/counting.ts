/**
 * Wraps a D1 binding to count the statements sent through it (prepared statements executed and
 * statements inside batches), so jobs can report what they cost the database.
 */
export function countingD1(db: D1Database): { binding: D1Database; count: () => number } {
  let statements = 0;
  const binding = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "prepare")
        return (query: string) => {
          statements++;
          return target.prepare(query);
        };
      if (prop === "batch") return (list: D1PreparedStatement[]) => target.batch(list);
      if (prop === "exec")
        return (query: string) => {
          statements++;
          return target.exec(query);
        };
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, count: () => statements };
}
