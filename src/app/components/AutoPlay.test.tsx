// @vitest-environment happy-dom
/**
 * Autoplay steps the loaded steps forward at its pace through the store's own Step, stops
 * at the last step, and stops when a tick is refused (the cursor did not move).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const state = { cursor: 0, total: 3, refuse: false };
vi.mock('../store', async () => {
  const { create } = await import('zustand');
  const useApp = create(() => ({ view: { cursor: 0, total: 3 } }));
  return {
    useApp,
    selectCursor: (s: { view: { cursor: number } }) => s.view.cursor,
    selectTotal: (s: { view: { total: number } }) => s.view.total,
    stepForward: vi.fn(async () => {
      if (state.refuse || state.cursor >= state.total) return;
      state.cursor++;
      useApp.setState({ view: { cursor: state.cursor, total: state.total } });
    }),
  };
});
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const { AutoPlay } = await import('./AutoPlay');
const store = await import('../store');

describe('AutoPlay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(state, { cursor: 0, total: 3, refuse: false });
    store.useApp.setState({ view: { cursor: 0, total: 3 } } as never);
    vi.mocked(store.stepForward).mockClear();
  });
  afterEach(() => { cleanup(); vi.useRealTimers(); });

  it('steps at its pace to the last step, then stops', async () => {
    render(<AutoPlay />);
    fireEvent.change(screen.getByTestId('autoplay-pace'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('autoplay'));
    expect(screen.getByTestId('autoplay').getAttribute('aria-pressed')).toBe('true');
    await act(async () => { vi.advanceTimersByTime(999); });
    expect(store.stepForward).toHaveBeenCalledTimes(0);
    for (let i = 0; i < 3; i++) await act(async () => { vi.advanceTimersByTime(1000); });
    expect(state.cursor).toBe(3);
    expect(screen.getByTestId('autoplay').getAttribute('aria-pressed')).toBe('false');
    await act(async () => { vi.advanceTimersByTime(5000); });
    expect(store.stepForward).toHaveBeenCalledTimes(3);
  });

  it('stops when a step is refused', async () => {
    render(<AutoPlay />);
    fireEvent.click(screen.getByTestId('autoplay'));
    await act(async () => { vi.advanceTimersByTime(2000); });
    expect(state.cursor).toBe(1);
    state.refuse = true;
    await act(async () => { vi.advanceTimersByTime(2000); });
    expect(screen.getByTestId('autoplay').getAttribute('aria-pressed')).toBe('false');
    await act(async () => { vi.advanceTimersByTime(10000); });
    expect(store.stepForward).toHaveBeenCalledTimes(2);
  });
});
