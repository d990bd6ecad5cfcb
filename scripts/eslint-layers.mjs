/**
 * ESLint rules for the layers (docs/architecture.md): imports point down, core ← sim ← models ← lab ←
 * app, and no module imports itself through others (a cycle).
 *
 * `layers/downward` looks at one file's import specifiers. `layers/no-cycle` needs the whole
 * graph: it reads every source file under src/ once per lint run (a regex over import and
 * export-from statements, `import type` left out: types vanish at runtime) and reports a
 * file that sits in a strongly connected component, naming the other members.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const LAYERS = [
  ['src/core/', 0, 'core'],
  ['src/sim/models/', 2, 'models'],
  ['src/sim/', 1, 'sim'],
  ['src/lab/', 3, 'lab'],
  ['src/app/', 4, 'app'],
];

/** The layer of a repo-relative path, or null for files outside the layers (tests helpers, scripts). */
export function layerOf(path) {
  const p = path.split(sep).join('/');
  for (const [prefix, rank, name] of LAYERS) if (p.startsWith(prefix)) return { rank, name };
  return null;
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''];

function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const IMPORT_RE = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC_RE = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Value imports (static and dynamic) of one file, as absolute paths of files under the repo. */
function importsOf(file, text) {
  const out = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    if (m[2]) continue; // import type / export type
    const target = resolveSpecifier(file, m[3]);
    if (target) out.push(target);
  }
  for (const m of text.matchAll(DYNAMIC_RE)) {
    const target = resolveSpecifier(file, m[1]);
    if (target) out.push(target);
  }
  return out;
}

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** Tarjan's strongly connected components; returns file → members of its cycle (size > 1, or a self-import). */
export function cyclesIn(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const member = new Map();
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) for (const f of component) member.set(f, component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return member;
}

let cached = null;
function cycleMembers(root) {
  if (cached && cached.root === root) return cached.members;
  const graph = new Map();
  const src = join(root, 'src');
  if (existsSync(src)) for (const file of sourceFiles(src)) graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
  cached = { root, members: cyclesIn(graph) };
  return cached.members;
}

const downward = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point down the layers: core ← sim ← models ← lab ← app.' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = layerOf(relative(root, file));
    if (!from) return {};
    const allow = new Set(context.options[0]?.allow ?? []);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = resolveSpecifier(file, specifier);
      if (!target) return;
      const to = layerOf(relative(root, target));
      if (!to || to.rank <= from.rank) return;
      const edge = `${relative(root, file).split(sep).join('/')} -> ${relative(root, target).split(sep).join('/')}`;
      if (allow.has(edge)) return;
      context.report({ node, message: `Upward import: ${from.name} must not import ${to.name} (${edge}).` });
    };
    return {
      ImportDeclaration: (node) => { if (node.importKind !== 'type') check(node, node.source.value); },
      ExportNamedDeclaration: (node) => { if (node.source && node.exportKind !== 'type') check(node, node.source.value); },
      ExportAllDeclaration: (node) => { if (node.exportKind !== 'type') check(node, node.source.value); },
      ImportExpression: (node) => { if (node.source.type === 'Literal') check(node, node.source.value); },
    };
  },
};

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between source files (type-only imports excepted).' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    return {
      Program(node) {
        const cycle = cycleMembers(context.cwd).get(file);
        if (!cycle) return;
        const others = cycle.filter((f) => f !== file).map((f) => relative(context.cwd, f).split(sep).join('/')).sort();
        context.report({ node, message: `Import cycle: this file and ${others.join(', ') || 'itself'} import each other.` });
      },
    };
  },
};

export default { rules: { downward, 'no-cycle': noCycle } };
