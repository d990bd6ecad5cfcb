/* global fetch, setTimeout */
// The built app (LAB_DIST, or dist) served by `vite preview` for the benchmarks. The server
// runs in a process group of its own, so `stop()` ends npx and vite both: killing npx alone
// left vite serving after the benchmark had finished.
import { spawn } from 'node:child_process';

export async function startPreview(port, dist) {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    env: { ...process.env, LAB_DIST: dist }, stdio: 'ignore', detached: true,
  });
  const stop = () => { try { process.kill(-server.pid); } catch { /* already gone */ } };
  for (let i = 0; i < 120; i++) {
    try { if ((await fetch(base)).ok) return { base, stop }; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error(`vite preview did not start on ${base}`);
}
