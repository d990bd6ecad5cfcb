import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One config for the app (vite), the unit tests (vitest) and the e2e server (vite preview).
export default defineConfig({
  plugins: [react()],
  // Labs live at the repository root (labs/) and are bundled with import.meta.glob.
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500, outDir: process.env.LAB_DIST ?? 'dist' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Property tests run hundreds of Worlds; give them room on a loaded 2-core CI machine.
    testTimeout: 120_000,
  },
});
