/**
 * Hash routes: `#/` catalog, `#/cards`, `#/lab/L07`, `#/lab/L07?step=5`,
 * `#/lab/L07?scenario=late-write&step=3&resource=external` (a deep link that rebuilds the
 * exact World: every switch that differs from the lab's default is a parameter of its
 * own), `&actions=<base64url JSON>` for a step log of its own (src/app/actionsLink.ts; a
 * link to a Search counterexample), `&present=1` for the presenter view, `#/progress`.
 */
export type Route =
  | { page: 'catalog' }
  | { page: 'cards' }
  | { page: 'progress' }
  | { page: 'lab'; labId: string; step?: number; scenario?: string; present?: boolean; switches?: Record<string, string>; actions?: string };

/** Parameters with a meaning of their own; every other parameter of a lab link is a switch. */
const RESERVED = new Set(['step', 'scenario', 'present', 'actions']);

export function parseHash(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query);
  const lab = /^\/lab\/(L\d{2})$/.exec(path);
  if (lab) {
    const step = Number(params.get('step'));
    const scenario = params.get('scenario');
    const actions = params.get('actions');
    const switches: Record<string, string> = {};
    for (const [key, value] of params) if (!RESERVED.has(key) && value) switches[key] = value;
    return {
      page: 'lab', labId: lab[1]!,
      ...(params.has('step') && Number.isInteger(step) && step >= 0 ? { step } : {}),
      ...(scenario ? { scenario } : {}),
      ...(actions !== null ? { actions } : {}),
      ...(params.get('present') === '1' ? { present: true } : {}),
      ...(Object.keys(switches).length > 0 ? { switches } : {}),
    };
  }
  if (path === '/cards') return { page: 'cards' };
  if (path === '/progress') return { page: 'progress' };
  return { page: 'catalog' };
}

export function formatHash(route: Route): string {
  if (route.page === 'catalog') return '#/';
  if (route.page === 'cards') return '#/cards';
  if (route.page === 'progress') return '#/progress';
  const params = new URLSearchParams();
  if (route.scenario) params.set('scenario', route.scenario);
  if (route.step !== undefined) params.set('step', String(route.step));
  for (const key of Object.keys(route.switches ?? {}).sort()) params.set(key, route.switches![key]!);
  if (route.actions !== undefined) params.set('actions', route.actions);
  if (route.present) params.set('present', '1');
  const query = params.toString();
  return `#/lab/${route.labId}${query ? `?${query}` : ''}`;
}

/**
 * Whether two routes have the same address apart from the step: `formatHash` of both
 * without `step` would be equal. Asked on every step (the store keeps its route object
 * while only the step moves), so it compares fields instead of building two query strings.
 */
export function sameBesidesStep(a: Route, b: Route): boolean {
  if (a === b) return true;
  if (a.page !== 'lab' || b.page !== 'lab') return a.page === b.page;
  return a.labId === b.labId && (a.scenario || '') === (b.scenario || '') && a.actions === b.actions
    && !a.present === !b.present && sameSwitches(a.switches ?? {}, b.switches ?? {});
}

function sameSwitches(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && b[key] === a[key]);
}
