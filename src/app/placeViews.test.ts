import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../test/sqljs';
import { loadLabsFromDir } from '../lab/nodeFiles';
import { LabSession, type WorldView } from '../lab/session';
import type { Lab } from '../lab/schema';
import { PlaceViews } from './placeViews';
import { stabilizeView } from './stableView';

useSqlJs();

const labs = loadLabsFromDir(resolve('labs'));
const lab = (id: string) => (labs.find((l) => l.ok && l.lab.id === id) as { ok: true; lab: Lab }).lab;
const logOf = (s: LabSession) => JSON.stringify(s.snapshot.steps) + JSON.stringify(s.snapshot.switches);
/** A view by content (what a panel could show), without object identity. */
const content = (view: WorldView) => JSON.parse(JSON.stringify(view)) as unknown;

describe('PlaceViews', () => {
  // The premise the store relies on: the view built when the learner first stood at a place
  // is the view the World gives when they come back to it by Back, Step or a jump.
  for (const [id, actions] of [
    ['L07', ['A_write', 'B_acquire', 'tick', 'B_write', 'A_acquire', { advance: 5 }, 'A_release', 'B_release', 'A_write']],
    ['L10', ['emit', 'emit', 'redeliver', 'disconnect', 'emit', 'reconnect', 'rebuild', 'emit']],
  ] as const) {
    it(`${id}: a place shows the same view however the learner comes back to it`, () => {
      const { session } = LabSession.open(lab(id));
      for (const action of actions) expect(session.play(action)).toEqual({ ok: true });
      const views = new PlaceViews();
      const log = logOf(session);
      let previous: WorldView | null = null;
      const show = () => {
        const built = views.get(session, log, session.cursor);
        const view = stabilizeView(previous, built ?? session.view());
        views.set(session, log, session.cursor, view);
        previous = view;
        return view;
      };
      session.reset();
      for (let i = 0; i < actions.length; i++) {
        show();
        expect(session.forward()).toEqual({ ok: true });
      }
      show();
      expect(views.size).toBe(actions.length + 1);
      // Back, then a jump: each kept view equals what the World says now.
      for (let cursor = actions.length - 1; cursor >= 0; cursor--) {
        session.back();
        const kept = views.get(session, log, cursor);
        expect(kept).toBeDefined();
        expect(content(kept!)).toEqual(content(session.view()));
      }
      session.jumpTo(4);
      expect(content(views.get(session, log, 4)!)).toEqual(content(session.view()));
      session.dispose();
    });
  }

  it('forgets the views of another step log or another session', () => {
    const { session } = LabSession.open(lab('L07'));
    const views = new PlaceViews();
    session.play('A_write');
    const first = logOf(session);
    views.set(session, first, 1, session.view());
    session.back();
    session.play('B_acquire'); // same cursor, other step: another place
    expect(views.get(session, logOf(session), 1)).toBeUndefined();
    expect(views.get({}, first, 1)).toBeUndefined();
    expect(views.get(session, first, 1)).toBeDefined();
    views.set(session, logOf(session), 1, session.view());
    expect(views.get(session, first, 1)).toBeUndefined();
    expect(views.size).toBe(1);
    session.dispose();
  });
});
