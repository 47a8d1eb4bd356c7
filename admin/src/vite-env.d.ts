/// <reference types="vite/client" />

// Defined at build time by vite-plugin-version.ts.
declare const __APP_VERSION__: string;
declare const __BUILD_DATE__: string;
