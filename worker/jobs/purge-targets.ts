/** A table whose rows expire. Returns how many rows it deleted. */
export type PurgeTarget = { name: string; purge: (env: Env, now: number) => Promise<number> };

/** Every expiring table; features append theirs (accounts: sessions, auth tokens, attempts). */
export const purgeTargets: PurgeTarget[] = [];
