import { installSandbox } from "../lib/sandbox";
import { isSandboxResendKey, resendEmulatorFetch } from "../providers/email/resend-emulator";
import { sandboxApp } from "./app";
import { refreshTokenFor } from "./google/tokens";
import { tapped } from "./traffic";
import { channelById, channelStats, videoById, videoStats } from "./youtube/catalog";

/*
 * Plugs the emulators into the Worker (worker/lib/sandbox.ts). Imported only by development's
 * entry (worker/dev.ts) and the Worker tests' setup, never by production's worker/index.ts, so
 * nothing under worker/sandbox/ is in the deployed bundle (tests/unit/production-bundle.test.ts).
 */
installSandbox({
  // The emulators route on the real host and path, so a provider's request keeps its URL.
  provider: tapped(async (request, env) => {
    const url = new URL(request.url);
    const rerouted = new Request(
      `http://sandbox.internal/sandbox/${url.host}${url.pathname}${url.search}`,
      request,
    );
    return sandboxApp.fetch(rerouted, env);
  }),
  pages: async (request, env) => sandboxApp.fetch(request, env),
  resendFetchFor: (key) => (isSandboxResendKey(key) ? resendEmulatorFetch : undefined),
  youtubeCatalog: { channelById, channelStats, videoById, videoStats },
  googleRefreshTokenFor: refreshTokenFor,
});
