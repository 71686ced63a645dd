/** The running build, e.g. "0.1.0+d7dcbc8" (set by vite.config.ts); sent with error reports. */
declare const __BUILD_VERSION__: string;
