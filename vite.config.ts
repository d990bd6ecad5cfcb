import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// `virtual:lab-index` (the catalog's English index) and `virtual:lab-index/<locale>` (titles per language, loaded with that language).
import { labIndexPlugin } from './scripts/labIndexPlugin.js';

/** Unit tests of the page: component tests and the app's store and i18n, each file in its own module graph. */
const PAGE_TESTS = ['src/app/**/*.test.ts', 'src/app/**/*.test.tsx'];
/** Files that mock a module (vi.mock only reaches a module the file loads itself). */
const MOCKING_TESTS = ['src/core/authority/authority.test.ts', 'src/lab/messages/reasons.test.ts'];

/**
 * The built app's Content-Security-Policy: everything from its own origin (sql.js's wasm
 * needs 'wasm-unsafe-eval'; diagrams set inline styles); images also as data URLs; nothing
 * fetched from another site, whatever a lab file's markdown says. Build only: the dev
 * server injects inline scripts of its own.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:", "font-src 'self' data:", "connect-src 'self'", "worker-src 'self' blob:",
  "object-src 'none'", "base-uri 'self'", "form-action 'none'",
].join('; ');

function contentSecurityPolicy() {
  return {
    name: 'content-security-policy',
    apply: 'build' as const,
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' as const }],
  };
}

// One config for the app (vite), the unit tests (vitest) and the e2e server (vite preview).
export default defineConfig({
  plugins: [
    react(),
    labIndexPlugin(),
    contentSecurityPolicy(),
    // Offline classroom: after the first visit the service worker serves the app, every
    // lab chunk, every language's chunk (src/app/i18n/bundles) and sql.js's wasm from its
    // cache (precached at install, not on first use).
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,svg,png,ico,json}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  // Labs live at the repository root (labs/) and are bundled with import.meta.glob.
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
  build: {
    target: 'es2022', chunkSizeWarningLimit: 1500, outDir: process.env.LAB_DIST ?? 'dist',
    rolldownOptions: {
      output: {
        // Own chunks for the markdown stack and the crypto primitives (both only reached
        // from lazy chunks, so they are fetched with the lab, not with the catalog).
        codeSplitting: {
          groups: [
            // Shared by the catalog and the lab: captured first so the lazy groups below do not pull them in.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|zustand|use-sync-external-store|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 30 },
            { name: 'markdown', test: /node_modules[\\/](react-markdown|remark-|rehype-|micromark|mdast-|hast-|unified|unist-|vfile|property-information|decode-named|character-|space-separated|comma-separated|zwitch|devlop|bail|trough|is-plain-obj|html-url|estree-|longest-streak|markdown-table|ccount|escape-string|trim-lines|style-to)/, priority: 10 },
            { name: 'crypto', test: /node_modules[\\/]@noble[\\/]/, priority: 10 },
            { name: 'flow', test: /node_modules[\\/](@xyflow|@dagrejs|d3-|classcat)/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ['src/test/fastCheckSeed.ts'],
    environment: 'node',
    // Property tests run hundreds of Worlds; give them room on a loaded 2-core CI machine.
    testTimeout: 120_000,
    // One worker per core. Vitest's default is one fewer than the cores (it keeps one for
    // its own process, which mostly waits here): on a 2-core machine that ran every file on
    // one worker. VITEST_WORKERS overrides (a helper's checkout beside another suite).
    maxWorkers: process.env.VITEST_WORKERS ? Number(process.env.VITEST_WORKERS) : Math.max(1, availableParallelism()),
    projects: [
      // The engine, the protocol, the labs and the scripts share one module graph per worker:
      // sql.js, the models, LangGraph and the post-setup images are loaded and warmed once,
      // not once per file (a third of the files took the whole suite 171 s isolated, 72 s shared).
      // Their only shared state is caches keyed by what they hold, so a file sees the same
      // results in any order.
      { extends: true, test: { name: 'engine', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: [...PAGE_TESTS, ...MOCKING_TESTS], isolate: false } },
      // The page's tests (a store, an i18next instance, a DOM per file) and files that replace
      // a module with vi.mock keep a fresh module graph each.
      { extends: true, test: { name: 'page', include: [...PAGE_TESTS, ...MOCKING_TESTS] } },
    ],
  },
});
