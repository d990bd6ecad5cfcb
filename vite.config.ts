import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * `virtual:lab-index`: the catalog's view of labs/ (id, title, summary, rule IDs, exercise
 * IDs), read at build time so the first page needs none of the lab files, models or
 * sql.js. A lab file that is not even JSON shows up as broken here; full validation runs
 * when the lab is opened (src/app/labsBundle.ts).
 */
function labIndex(): Plugin {
  const id = 'virtual:lab-index';
  const resolved = `\0${id}`;
  return {
    name: 'lab-index',
    resolveId: (source) => (source === id ? resolved : null),
    load(source) {
      if (source !== resolved) return null;
      const entries = readdirSync('labs').sort().flatMap((dir) => {
        const file = join('labs', dir, 'lab.json');
        let text: string;
        try { text = readFileSync(file, 'utf8'); } catch { return []; }
        this.addWatchFile(file);
        try {
          const lab = JSON.parse(text) as Record<string, unknown>;
          const exercises = Array.isArray(lab.exercises) ? lab.exercises.map((e: { id?: unknown }) => ({ id: String(e?.id ?? '') })) : [];
          // Catalog title and summary per locale (labs/<id>/strings.<locale>.json); the loader checks the rest when the lab opens.
          const translations: Record<string, { title: string; summary: string }> = {};
          for (const name of readdirSync(join('labs', dir)).filter((f) => /^strings\.[\w-]+\.json$/.test(f))) {
            const path = join('labs', dir, name);
            this.addWatchFile(path);
            try {
              const t = JSON.parse(readFileSync(path, 'utf8')) as { title?: unknown; summary?: unknown };
              if (typeof t.title === 'string' && typeof t.summary === 'string') translations[name.slice(8, -5)] = { title: t.title, summary: t.summary };
            } catch { /* reported by the loader when the lab is opened */ }
          }
          return [{ dir, file, id: String(lab.id ?? dir), title: String(lab.title ?? dir), summary: String(lab.summary ?? ''), spec: lab.spec ?? [], rules: lab.rules ?? [], exercises, translations }];
        } catch (error) {
          return [{ dir, file, id: dir, title: dir, summary: '', spec: [], rules: [], exercises: [], translations: {}, broken: `not valid JSON: ${(error as Error).message}` }];
        }
      });
      return `export default ${JSON.stringify(entries)};`;
    },
  };
}

// One config for the app (vite), the unit tests (vitest) and the e2e server (vite preview).
export default defineConfig({
  plugins: [
    react(),
    labIndex(),
    // Offline classroom: after the first visit the service worker serves the app, every
    // lab chunk and sql.js's wasm from its cache (precached at install, not on first use).
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
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Property tests run hundreds of Worlds; give them room on a loaded 2-core CI machine.
    testTimeout: 120_000,
  },
});
