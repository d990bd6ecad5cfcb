/**
 * Hash routes: `#/` catalog, `#/cards`, `#/lab/L07`, `#/lab/L07?step=5`,
 * `#/lab/L07?scenario=late-write&step=3` (a deep link that rebuilds the exact World).
 */
export type Route =
  | { page: 'catalog' }
  | { page: 'cards' }
  | { page: 'lab'; labId: string; step?: number; scenario?: string };

export function parseHash(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const params = new URLSearchParams(query);
  const lab = /^\/lab\/(L\d{2})$/.exec(path);
  if (lab) {
    const step = Number(params.get('step'));
    const scenario = params.get('scenario');
    return {
      page: 'lab', labId: lab[1]!,
      ...(params.has('step') && Number.isInteger(step) && step >= 0 ? { step } : {}),
      ...(scenario ? { scenario } : {}),
    };
  }
  if (path === '/cards') return { page: 'cards' };
  return { page: 'catalog' };
}

export function formatHash(route: Route): string {
  if (route.page === 'catalog') return '#/';
  if (route.page === 'cards') return '#/cards';
  const params = new URLSearchParams();
  if (route.scenario) params.set('scenario', route.scenario);
  if (route.step !== undefined) params.set('step', String(route.step));
  const query = params.toString();
  return `#/lab/${route.labId}${query ? `?${query}` : ''}`;
}
