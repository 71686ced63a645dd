import { isSandbox } from "../env";
import type { refreshTokenFor } from "../sandbox/google/tokens";
import type { channelById, channelStats, videoById, videoStats } from "../sandbox/youtube/catalog";

/*
 * The seam between the Worker and the sandbox emulators (worker/sandbox/). Production's entry,
 * worker/index.ts, never imports worker/sandbox/, so the emulators are not in the deployed bundle;
 * development's entry (worker/dev.ts, used by `npm start`, the browser suite and the benches) and
 * the Worker tests (tests/worker/setup/sandbox.ts) import worker/sandbox/install.ts, which plugs
 * them in here. SANDBOX=1 still decides at run time whether a request uses them.
 */

/** What the sandbox plugs in. Only types come from worker/sandbox/ (erased from the bundle). */
export type Sandbox = {
  /** Answers a provider client's request (its real URL) from the emulators, in-process. */
  provider: (request: Request, env: Env) => Promise<Response>;
  /** The emulators as the browser reaches them: /sandbox/<real host>/<real path>. */
  pages: (request: Request, env: Env) => Promise<Response>;
  /** Resend's stand-in for a "re_sandbox" key; undefined for any other key (real delivery). */
  resendFetchFor: (
    key: string,
  ) => ((input: Request | string | URL, init?: RequestInit) => Promise<Response>) | undefined;
  /** The YouTube emulator's deterministic timeline (for /dev/seed's history backfill). */
  youtubeCatalog: {
    channelById: typeof channelById;
    channelStats: typeof channelStats;
    videoById: typeof videoById;
    videoStats: typeof videoStats;
  };
  /** A sandbox Google refresh token (/dev/seed connects the demo channel's owner with it). */
  googleRefreshTokenFor: typeof refreshTokenFor;
};

let installed: Sandbox | null = null;

/** Called once by worker/sandbox/install.ts. */
export const installSandbox = (sandbox: Sandbox) => {
  installed = sandbox;
};

/** Whether this build carries the sandbox (production's does not). */
export const sandboxInstalled = () => installed !== null;

/**
 * The sandbox when SANDBOX=1, null when it is off. SANDBOX=1 on a build without it is a
 * configuration mistake (production's entry with development's variables): said plainly rather
 * than sending sandbox keys to the real services.
 */
export function sandboxOf(env: Pick<Env, "SANDBOX">): Sandbox | null {
  if (!isSandbox(env)) return null;
  if (!installed)
    throw new Error("SANDBOX=1, but this build has no sandbox: run worker/dev.ts (npm start)");
  return installed;
}

/** The plugged-in sandbox, for development-only code (/dev/seed); throws in a build without it. */
export function installedSandbox(): Sandbox {
  if (!installed) throw new Error("This build has no sandbox: run worker/dev.ts (npm start)");
  return installed;
}
