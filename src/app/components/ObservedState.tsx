/** The lab's observable state — exactly what cards match against — and the scenario check. */
import '../diagrams.css';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeSwitch } from '../../lab/i18n/modelStrings';
import { useLocalizedLab } from '../i18n/labTranslations';
import { usePageText } from '../i18n/pageText';
import { scenarioSwitchChanges } from '../scenarioSwitches';
import { selectObserved, selectScenarioCheck, selectSession, selectSwitches, selectSwitchSpecs, useApp } from '../store';

/** The panel's words in the page's language (src/app/i18n/locales/<locale>/app.json), once per language. */
function useText() {
  const { t } = usePageText();
  return useMemo(() => ({
    title: t('observed.title'), region: t('observed.region'),
    pending: t('observed.pending'), pass: t('observed.pass'),
    mismatch: (expected: unknown, actual: unknown) => t('observed.mismatch', { expected: JSON.stringify(expected), actual: JSON.stringify(actual) }),
    switchChanged: (name: string, option: string) => t('observed.switchChanged', { switch: name, option }),
  }), [t]);
}

export function ObservedState() {
  const observed = useApp(selectObserved);
  const TEXT = useText();
  if (!observed) return null;
  return (
    <section className="panel observed" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      <ScenarioCheck />
      <ObservedJson observed={observed} />
    </section>
  );
}

/**
 * The JSON one block per line, each keyed by its text (and which repeat of that text it is):
 * a step that changes a value replaces that line's element and leaves the others in place.
 * As one text node, any change re-laid out and repainted the whole state. The lines are
 * blocks (diagrams.css), so innerText and a copy still read as the indented JSON.
 */
const ObservedJson = memo(function ObservedJson({ observed }: { observed: Record<string, unknown> }) {
  const TEXT = useText();
  const lines = useMemo(() => keyedLines(JSON.stringify(observed, null, 2)), [observed]);
  return (
    <pre data-testid="observed-state" tabIndex={0} role="region" aria-label={TEXT.region}>
      {lines.map(([key, line]) => <span key={key} className="observed-line">{line}</span>)}
    </pre>
  );
});

/** Each line with a key unique in the text: the line itself, and its repeat count when it repeats. */
export function keyedLines(text: string): [string, string][] {
  const seen = new Map<string, number>();
  return text.split('\n').map((line) => {
    const n = seen.get(line) ?? 0;
    seen.set(line, n + 1);
    return [n === 0 ? line : `${line}\u0000${n}`, line];
  });
}

/** The open scenario's outcome; also shown in presenter view. Memoised: it takes no props, and its parent re-renders with the observed state. */
export const ScenarioCheck = memo(function ScenarioCheck() {
  const check = useApp(selectScenarioCheck);
  const TEXT = useText();
  // The scenario's title in the page's language (its ID is what the check matched).
  const session = useApp(selectSession);
  const lab = useLocalizedLab(session?.lab);
  const switches = useApp(selectSwitches);
  const specs = useApp(selectSwitchSpecs);
  const { i18n } = useTranslation();
  if (!check) return null;
  const status = !check.atEnd ? 'pending' : check.mismatches.length === 0 ? 'pass' : 'fail';
  // Switches set apart from the scenario's, named in the page's language: the outcome it
  // expects is for its own settings.
  const changed = scenarioSwitchChanges(specs, session?.lab.world.switches ?? {}, check.scenario.switches, switches ?? {})
    .map(({ spec, expected }) => {
      const words = localizeSwitch(spec, (key) => i18n.getResource(i18n.language, 'messages', key) as string | undefined);
      return { key: spec.key, text: TEXT.switchChanged(words.label, words.options.find((o) => o.value === expected)?.label ?? expected) };
    });
  return (
    <div className={`scenario-check ${status}`} data-testid="scenario-check" data-status={status}>
      <strong>{lab?.scenarios.find((s) => s.id === check.scenario.id)?.title ?? check.scenario.title}</strong>
      {changed.map((c) => <div key={c.key} className="scenario-switch-changed" data-testid={`scenario-switch-changed-${c.key}`}>{c.text}</div>)}
      {status === 'pending' ? <div>{TEXT.pending}</div>
        : status === 'pass' ? <div>{TEXT.pass}</div>
          : <ul>{check.mismatches.map((m) => <li key={m.path}><code>{m.path}</code>{TEXT.mismatch(m.expected, m.actual)}</li>)}</ul>}
    </div>
  );
});
