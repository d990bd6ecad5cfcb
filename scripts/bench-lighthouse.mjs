// npm run bench:lighthouse — Lighthouse (desktop preset, performance only) on the catalog and
// on every lab page of the built app (vite preview of LAB_DIST). Prints one line per page:
//   lighthouse <page>: performance <score> tbt <ms> ms tti <s> s lcp <s> s
// and, last, the worst page: `lighthouse worst: performance <score> tbt <ms> ms`.
// Lighthouse is not a dependency of the project (it brings its own Chrome launcher and a
// hundred packages): set LIGHTHOUSE to a `lighthouse` binary, or the script runs
// `npx -y lighthouse@12.2.3`. Chromium is the one the tests use (scripts/chromium.mjs).
// `--only L05,L07` limits the pages. A benchmark, not a test: it never fails on a number.
// Measure on an idle machine: total blocking time is main-thread time, and a busy second core
// makes it longer.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { startPreview } from './preview.mjs';

const PORT = Number(process.env.PW_PORT ?? 4198);
const DIST = process.env.LAB_DIST ?? 'dist';

function labIds() {
  return readdirSync('labs').filter((name) => /^L\d\d/.test(name)).map((name) => name.slice(0, 3)).sort();
}

function lighthouse(url) {
  const bin = process.env.LIGHTHOUSE;
  const args = [
    url, '--preset=desktop', '--only-categories=performance', '--output=json', '--output-path=stdout', '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  const [cmd, argv] = bin ? [bin, args] : ['npx', ['-y', 'lighthouse@12.2.3', ...args]];
  const out = execFileSync(cmd, argv, {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? findChromium() ?? '/usr/bin/chromium' },
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const report = JSON.parse(out.toString('utf8'));
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    tbt: Math.round(audit('total-blocking-time')),
    tti: audit('interactive') / 1000,
    lcp: audit('largest-contentful-paint') / 1000,
  };
}

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1].split(',') : null;
const pages = [['catalog', '/'], ...labIds().map((id) => [id, `/#/lab/${id}`])].filter(([name]) => !only || only.includes(name));

const { base: BASE, stop } = await startPreview(PORT, DIST);
try {
  let worst = null;
  for (const [name, path] of pages) {
    const r = lighthouse(`${BASE}${path}`);
    console.log(`lighthouse ${name}: performance ${r.score} tbt ${r.tbt} ms tti ${r.tti.toFixed(1)} s lcp ${r.lcp.toFixed(1)} s`);
    if (!worst || r.score < worst.score || (r.score === worst.score && r.tbt > worst.tbt)) worst = { name, ...r };
  }
  if (worst) console.log(`lighthouse worst: ${worst.name} performance ${worst.score} tbt ${worst.tbt} ms`);
} finally {
  stop();
}
