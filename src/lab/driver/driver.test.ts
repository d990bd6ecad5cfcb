import { formatMessage } from '../i18n/catalogRegistry';
import { describe, expect, it, vi } from 'vitest';
import { useSqlJs } from '../../test/sqljs';
import { DriverError } from './index';
import { openLab } from './node';
import { lateWrite } from '../../test/chains';

useSqlJs();

describe('the headless lab driver', () => {
  it('acts, steps back and forward, flips a switch and checks state and invariants (L07 late write)', async () => {
    const lab = lateWrite(openLab('L07'));
    await lab;
    expect(lab.steps).toHaveLength(5);
    await lab.dispose();
  });

  it('plays a lab scenario to its end and matches its expectation', async () => {
    const lab = openLab('L07').scenario('late-write', { play: true });
    await lab;
    const scenario = lab.lab.scenarios.find((s) => s.id === 'late-write')!;
    await lab.expectState(scenario.expect as Record<string, unknown>).expectAllInvariantsHold();
    expect(lab.view().scenarioCheck).toMatchObject({ atEnd: true, mismatches: [] });
    lab.dispose();
  });

  it('fails loudly, naming the steps: a refused action, a wrong expectation, a missing invariant', async () => {
    const lab = openLab('L07');
    await expect(lab.act('A_wake')).rejects.toThrow(DriverError);
    await expect(lab.act('A_wake')).rejects.toThrow(/was refused: A is not paused/);
    await lab.refuses('A_wake', /not paused/).act('A_write');
    await expect(lab.expectState({ document: { version: 99 } })).rejects.toThrow(/document.version: expected 99, got 1[\s\S]*after steps: \[\{"type":"write","worker":"A"\}\]/);
    await expect(lab.expectInvariant('NOPE-1', true)).rejects.toThrow(/no invariant 'NOPE-1'/);
    await expect(lab.expectInvariant('FENCE-1', false)).rejects.toThrow(/expected to be broken, but holds/);
    await expect(lab.refuses('B_acquire')).rejects.toThrow(/expected to be refused, but ran/);
    await lab.dispose();
  });
});

describe('the driver beyond the first lab', () => {
  it('starts where a card or an exercise starts: switches and starting state laid over the lab\'s; a refused start says why', async () => {
    const lab = openLab('L07', { switches: { resource: 'external' }, initial: { lease_until: 30 } });
    await lab;
    expect(lab.world.switches).toMatchObject({ resource: 'external' });
    await lab.expectState({ lease_until: 30, current_token: 1 }).dispose();
    const refused = openLab('L07', { initial: { now: 'soon' } });
    await expect(refused.dispose()).rejects.toThrow(/^starting state: /);
  });

  it('records what broke during the run, not only at the latest step; attempt reports a refusal and goes on', async () => {
    const lab = openLab('L07', { switches: { resource: 'external' } }).act('A_pause', { advance: 11 }, 'B_acquire', 'B_write', 'A_wake');
    await lab;
    await lab.expectBroken('FENCE-1').act('B_write').expectInvariant('FENCE-1', false);
    expect(formatMessage((await lab.attempt('A_wake'))!)).toMatch(/not paused/);
    expect(await lab.attempt('A_acquire')).toBeNull();
    await expect(lab.expectBroken()).rejects.toThrow(/broken during the run: \[FENCE-1\], expected \[\]/);
    await lab.back(6).expectBroken();
    lab.dispose();
  });

  it('a chain is read only once awaited; the first call that fails throws at the await and skips the rest', async () => {
    const lab = openLab('L05').act('ask');
    expect(() => lab.observed()).toThrow(/await the driver before reading/);
    await lab.expectState({ waiting_for_approval: true, approval_requests: 1 });
    expect(lab.async).toBe(true);
    const after = vi.fn();
    await expect(lab.act('wake').tap(after)).rejects.toThrow(DriverError);
    expect(after).not.toHaveBeenCalled();
    expect(formatMessage((await lab.attempt('wake'))!)).toMatch(/./);
    expect(await lab.attempt('approve')).toBeNull();
    await lab.expectState({ status: 'CONFIRMED', ledger_count: 1 }).expectBroken().expectCursor(2);
    await expect(lab.expectCursor(5)).rejects.toThrow(/cursor is 2, expected 5/);
    lab.dispose();
  });
});
