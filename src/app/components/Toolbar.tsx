/**
 * Reset / back / step, the step counter, the clock, the scenario picker and the switches
 * the lab declares (the model's other switches sit behind "more"), and the button that lists
 * the keyboard shortcuts (`?` does the same; LectureKeys.tsx). The step group is its
 * own block so a phone can pin it to the bottom of the screen, under the thumb.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageText } from '../i18n/pageText';
import type { SwitchSpec } from '../../sim/model';
import { localizeSwitch } from '../../lab/i18n/modelStrings';
import { useLocalizedLab } from '../i18n/labTranslations';
import { declaredSwitches } from '../labSwitches';
import {
  clearSteps, jumpTo, openScenario, resetLab, selectCursor, selectScenarioCheck, selectSession, selectSwitches, selectSwitchSpecs,
  selectTime, selectTotal, setSwitch, stepBack, stepForward, useApp,
} from '../store';
import { openLecture } from './LectureKeys';
import { AutoPlay } from './AutoPlay';

/**
 * The toolbar's words in the page's language (src/app/i18n/locales/<locale>/app.json), looked
 * up once per language (`page` changes with it) instead of a dozen t() calls on every step.
 */
function useText() {
  const page = usePageText();
  return useMemo(() => {
    const { t } = page;
    // Rebuilt on every step: filled by plain substitution, not a t() call each (see pageText.ts).
    const counter = page.filled('toolbar.counter');
    const clock = page.filled('format.time');
    return {
      toolbar: t('toolbar.label'),
      reset: t('toolbar.reset'), resetTitle: t('toolbar.resetTitle'),
      back: t('toolbar.back'), backTitle: t('toolbar.backTitle'),
      step: t('toolbar.step'), stepTitle: t('toolbar.stepTitle'),
      slider: t('toolbar.slider'),
      counter: (cursor: number, total: number) => counter({ cursor, total }),
      clock: (time: number) => clock({ t: time }),
      scenario: t('toolbar.scenario'), sandbox: t('toolbar.sandbox'),
      more: (n: number) => t('toolbar.more', { count: n }),
      keys: t('keys.button'), keysTitle: t('keys.buttonTitle'),
    };
  }, [page]);
}

export function Toolbar() {
  const TEXT = useText();
  return (
    <div className="toolbar" role="toolbar" aria-label={TEXT.toolbar}>
      <StepControls />
      <Choices />
    </div>
  );
}

const StepControls = memo(function StepControls() {
  const cursor = useApp(selectCursor);
  const total = useApp(selectTotal);
  const time = useApp(selectTime);
  const TEXT = useText();
  const bar = useBarHeight();
  return (
    <div className="toolbar-steps" data-testid="step-controls" ref={bar}>
      <button onClick={resetLab} disabled={cursor === 0} data-testid="reset" title={TEXT.resetTitle}>{TEXT.reset}</button>
      <button onClick={stepBack} disabled={cursor === 0} data-testid="step-back" title={TEXT.backTitle}>{TEXT.back}</button>
      <button onClick={stepForward} disabled={cursor >= total} data-testid="step-forward" className="primary" title={TEXT.stepTitle}>{TEXT.step}</button>
      <AutoPlay />
      <input type="range" min={0} max={total} value={cursor} aria-label={TEXT.slider} aria-valuetext={TEXT.counter(cursor, total)} disabled={total === 0}
        onChange={(e) => jumpTo(Number(e.target.value))} data-testid="step-slider" />
      <span className="counter" data-testid="step-counter">{TEXT.counter(cursor, total)}</span>
      <span className="clock" data-testid="clock">{TEXT.clock(time)}</span>
      {/* In the step row: the row of choices wraps to a line of its own in presenter view. */}
      <button className="keys-button" onClick={() => openLecture('keys')} title={TEXT.keysTitle} aria-haspopup="dialog"
        aria-keyshortcuts="?" data-testid="keys-open">{TEXT.keys}</button>
    </div>
  );
});

/**
 * On a phone the step bar is pinned over the bottom of the page, and the lab leaves room for it
 * under its last panel (styles.css). The bar is one row or two (the slider wraps, and so do
 * longer labels), so its height is handed to the lab as --step-bar. A ResizeObserver reports
 * it after layout (no forced read), and the property is only written when the height changes.
 */
function useBarHeight() {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    const lab = el?.closest<HTMLElement>('.lab');
    if (!el || !lab) return;
    let written = -1;
    const observer = new ResizeObserver((entries) => {
      const size = entries[entries.length - 1]?.borderBoxSize?.[0];
      const height = Math.ceil(size ? size.blockSize : el.offsetHeight);
      if (height === written) return;
      written = height;
      lab.style.setProperty('--step-bar', `${height}px`);
    });
    observer.observe(el);
    return () => { observer.disconnect(); lab.style.removeProperty('--step-bar'); };
  }, []);
  return ref;
}

const Choices = memo(function Choices() {
  const session = useApp(selectSession);
  const check = useApp(selectScenarioCheck);
  const specs = useApp(selectSwitchSpecs);
  const values = useApp(selectSwitches);
  const lab = useLocalizedLab(session?.lab);
  const TEXT = useText();
  if (!session || !values || !lab) return null;
  const declared = declaredSwitches(session.lab);
  const own = specs.filter((s) => declared.has(s.key));
  const others = specs.filter((s) => !declared.has(s.key));
  return (
    <div className="toolbar-choices">
      <label className="field">
        {TEXT.scenario}
        <select value={check?.scenario.id ?? ''} data-testid="scenario-select" onChange={(e) => e.target.value ? openScenario(e.target.value) : clearSteps()}>
          <option value="">{TEXT.sandbox}</option>
          {lab.scenarios.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}
        </select>
      </label>
      {own.map((spec) => <SwitchField key={spec.key} spec={spec} value={values[spec.key] ?? spec.default} />)}
      {others.length > 0 && (
        <details className="more-switches" data-testid="more-switches">
          <summary>{TEXT.more(others.length)}</summary>
          <div className="more-switches-body">
            {others.map((spec) => <SwitchField key={spec.key} spec={spec} value={values[spec.key] ?? spec.default} />)}
          </div>
        </details>
      )}
    </div>
  );
});

function SwitchField({ spec: model, value }: { spec: SwitchSpec; value: string }) {
  // Title and option labels in the page's language, by switch key and option value.
  const { i18n } = useTranslation();
  const spec = localizeSwitch(model, (key) => i18n.getResource(i18n.language, 'messages', key) as string | undefined);
  return (
    <label className="field">
      {spec.label}
      <select value={value} data-testid={`switch-${spec.key}`} onChange={(e) => setSwitch(spec.key, e.target.value)}>
        {spec.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </label>
  );
}
