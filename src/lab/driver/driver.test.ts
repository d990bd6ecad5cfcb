import { formatMessage } from '../i18n/catalogRegistry';
import { describe, expect, it } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { DriverError } from './index';
import { openLab } from './node';

useSqlJs();

describe('the headless lab driver', () => {
  it('acts, steps back and forward, flips a switch and checks state and invariants (L07 late write)', () => {
    const lab = openLab('L07')
      .act('A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake')
      .expectCursor(5)
      .expectInvariant('FENCE-1', true)
      .back(2)
      .expectCursor(3)
      .forward(2)
      .flip('resource', 'external')
      .expectCursor(5)
      .expectInvariant('FENCE-1', false);
    expect(lab.steps).toHaveLength(5);
    lab.dispose();
  });

  it('plays a lab scenario to its end and matches its expectation', () => {
    const lab = openLab('L07').scenario('late-write', { play: true });
    const scenario = lab.lab.scenarios.find((s) => s.id === 'late-write')!;
    lab.expectState(scenario.expect as Record<string, unknown>).expectAllInvariantsHold();
    expect(lab.view().scenarioCheck).toMatchObject({ atEnd: true, mismatches: [] });
    lab.dispose();
  });

  it('fails loudly, naming the steps: a refused action, a wrong expectation, a missing invariant', () => {
    const lab = openLab('L07');
    expect(() => lab.act('A_wake')).toThrow(DriverError);
    expect(() => lab.act('A_wake')).toThrow(/was refused: A is not paused/);
    lab.refuses('A_wake', /not paused/).act('A_write');
    expect(() => lab.expectState({ document: { version: 99 } })).toThrow(/document.version: expected 99, got 1[\s\S]*after steps: \[\{"type":"write","worker":"A"\}\]/);
    expect(() => lab.expectInvariant('NOPE-1', true)).toThrow(/no invariant 'NOPE-1'/);
    expect(() => lab.expectInvariant('FENCE-1', false)).toThrow(/expected to be broken, but holds/);
    expect(() => lab.refuses('B_acquire')).toThrow(/expected to be refused, but ran/);
    lab.dispose();
  });
});

describe('the driver beyond the first lab', () => {
  it('starts where a card or an exercise starts: switches and starting state laid over the lab\'s; a refused start says why', () => {
    const lab = openLab('L07', { switches: { resource: 'external' }, initial: { lease_until: 30 } });
    expect(lab.world.switches).toMatchObject({ resource: 'external' });
    lab.expectState({ lease_until: 30, current_token: 1 }).dispose();
    expect(() => openLab('L07', { initial: { now: 'soon' } })).toThrow(/^starting state: /);
  });

  it('records what broke during the run, not only at the latest step; attempt reports a refusal and goes on', async () => {
    const lab = openLab('L07', { switches: { resource: 'external' } }).act('A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake');
    lab.expectBroken('FENCE-1').act('B_write').expectInvariant('FENCE-1', false);
    expect(formatMessage((await lab.attempt('A_wake'))!)).toMatch(/not paused/);
    expect(await lab.attempt('A_acquire')).toBeNull();
    expect(() => lab.expectBroken()).toThrow(/broken during the run: \[FENCE-1\], expected \[\]/);
    lab.back(6).expectBroken();
    lab.dispose();
  });

  it('an asynchronous lab (L05) is read only after idle(); a refusal on its queue throws there', async () => {
    const lab = openLab('L05').act('ask');
    expect(lab.async).toBe(true);
    expect(() => lab.observed()).toThrow(/await idle\(\) before reading/);
    (await lab.idle()).expectState({ waiting_for_approval: true, approval_requests: 1 });
    await expect(lab.act('wake').idle()).rejects.toThrow(DriverError);
    expect(formatMessage((await lab.attempt('wake'))!)).toMatch(/./);
    expect(await lab.attempt('approve')).toBeNull();
    lab.expectState({ status: 'CONFIRMED', ledger_count: 1 }).expectBroken().expectCursor(2);
    lab.dispose();
  });
});
