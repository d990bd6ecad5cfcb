/**
 * The command palette (Ctrl+K, ⌘K or `:`): a search box over every command of the page
 * (lectureCommands.ts) — the lab's actions and faults, stepping, each scenario, each step of
 * the open log, each switch option, each panel to bring on screen, presenter view, the crash
 * slide. ↑ ↓ move, Enter runs (not a disabled command: the crash slide before any crash), Escape closes.
 *
 * The ARIA combobox pattern (ARIA 1.2, list autocomplete): the focus stays in the text box,
 * which points at the highlighted option with aria-activedescendant, so a screen reader
 * reads each option as the arrows reach it while typing still filters. The number of matches
 * is a polite live region.
 *
 * Mounted only while open: it reads the trace and the step labels from the store, and a
 * closed palette must not re-render on every step.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Lab, PaletteEntry } from '../../lab/schema';
import { localizeSwitch } from '../../lab/i18n/modelStrings';
import { stepLabel } from '../../lab/sessionLabels';
import { usePageText } from '../i18n/pageText';
import { useRenderMessage } from '../i18n/renderMessage';
import { pagePlaces, showPlace } from '../pagePlaces';
import { latestCrash } from '../crashLoss';
import { buildCommands, filterCommands, keyCap, type Command, type CommandDialogs, type CommandText } from '../lectureCommands';
import { selectCursor, selectScenarioCheck, selectSwitches, selectSwitchSpecs, selectTrace, selectUpcoming, useApp } from '../store';
import { ModalDialog } from './ModalDialog';

function useText() {
  const { t } = usePageText();
  return useMemo(() => ({
    title: t('commands.title'), search: t('commands.search'), placeholder: t('commands.placeholder'),
    count: (count: number) => t('commands.count', { count }), none: t('commands.none'), hint: t('commands.hint'),
    now: t('commands.now'),
    commands: {
      group: {
        step: t('commands.group.step'), scenario: t('commands.group.scenario'), jump: t('commands.group.jump'),
        switch: t('commands.group.switch'), place: t('commands.group.place'), view: t('commands.group.view'),
      },
      forward: t('keys.forward'), back: t('keys.back'), reset: t('keys.reset'), sandbox: t('toolbar.sandbox'),
      scenario: (title: string) => t('commands.scenario', { title }),
      jump: (n: number, total: number, label: string) => t('commands.jump', { n, total, label }),
      switch: (label: string, option: string) => t('commands.switch', { switch: label, option }),
      place: (name: string) => t('commands.place', { name }),
      present: t('nav.present'), leavePresent: t('nav.leavePresent'), keys: t('commands.keys'),
      slide: t('commands.slide'), noSlide: t('commands.noSlide'),
    } satisfies CommandText,
  }), [t]);
}

/** Every command for the page as it is now, in the page's language. */
function useCommands(lab: Lab, palette: PaletteEntry[], presenting: boolean, dialogs: CommandDialogs): Command[] {
  const TEXT = useText();
  const { i18n } = usePageText();
  const renderMessage = useRenderMessage();
  const cursor = useApp(selectCursor);
  const trace = useApp(selectTrace);
  const upcoming = useApp(selectUpcoming);
  const check = useApp(selectScenarioCheck);
  const specs = useApp(selectSwitchSpecs);
  const values = useApp(selectSwitches);
  // The page as it was when the palette opened (it is modal: nothing under it moves meanwhile).
  const [places] = useState(() => pagePlaces().map((p) => ({ name: p.name, show: () => showPlace(p.element) })));
  return useMemo(() => {
    // Steps taken are in the trace (entry 0 is the start), the ones ahead of the cursor in `upcoming`.
    const taken = trace.slice(0, cursor + 1).map((e) => renderMessage(stepLabel(e.action, e.label)));
    const steps = [...taken, ...upcoming.map((label) => renderMessage(label))];
    const words = (key: string) => i18n.getResource(i18n.language, 'messages', key) as string | undefined;
    const switches = specs.map((model) => {
      const spec = localizeSwitch(model, words); // titles and options as the toolbar words them
      return { key: spec.key, label: spec.label, value: values?.[spec.key] ?? spec.default, options: spec.options };
    });
    return buildCommands({
      palette, scenarios: lab.scenarios.map((s) => ({ id: s.id, title: s.title })), scenario: check?.scenario.id ?? null,
      steps, cursor, switches, places, presenting, crashed: latestCrash(trace) !== null,
    }, TEXT.commands, dialogs);
  }, [TEXT, i18n, renderMessage, cursor, trace, upcoming, check, specs, values, places, palette, lab, presenting, dialogs]);
}

export function CommandPalette({ lab, palette, presenting, onClose, onKeys, onSlide }: {
  lab: Lab; palette: PaletteEntry[]; presenting: boolean; onClose: () => void; onKeys: () => void; onSlide: () => void;
}) {
  const TEXT = useText();
  const dialogs = useMemo(() => ({ keys: onKeys, slide: onSlide }), [onKeys, onSlide]);
  const commands = useCommands(lab, palette, presenting, dialogs);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => filterCommands(commands, query), [commands, query]);
  const index = Math.min(active, shown.length - 1);
  const input = useRef<HTMLInputElement | null>(null);
  const id = useId();
  const optionId = (i: number) => `${id}-option-${i}`;

  // The highlighted option stays in view as the arrows move through a long list.
  useEffect(() => {
    if (index >= 0) document.getElementById(`${id}-option-${index}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, index]);

  const run = (command: Command | undefined) => {
    if (!command || command.disabled) return;
    onClose(); // first: the focus goes back to the page, and a command that opens a dialog opens it after
    command.run();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = shown.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault(); // the caret stays where it is
      if (n > 0) setActive((index + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      run(shown[index]);
    }
  };

  return (
    <ModalDialog labelledBy={`${id}-title`} className="command-palette" testId="command-palette" onClose={onClose} initialFocus={input}>
      <h2 id={`${id}-title`}>{TEXT.title}</h2>
      <input ref={input} type="text" role="combobox" aria-label={TEXT.search} aria-expanded="true" aria-controls={`${id}-list`}
        aria-autocomplete="list" aria-activedescendant={index >= 0 ? optionId(index) : undefined} aria-describedby={`${id}-hint`}
        placeholder={TEXT.placeholder} autoComplete="off" spellCheck={false} value={query} data-testid="command-search"
        onChange={(e) => { setQuery(e.target.value); setActive(0); }} onKeyDown={onKeyDown} />
      <p className="command-count muted" role="status" data-testid="command-count">{shown.length > 0 ? TEXT.count(shown.length) : TEXT.none}</p>
      <ul role="listbox" id={`${id}-list`} aria-label={TEXT.title} className="command-list" data-testid="command-list">
        {shown.map((c, i) => (
          // The text box keeps the focus and the keys (combobox pattern); a click runs the option too.
          <li key={c.id} id={optionId(i)} role="option" aria-selected={i === index} aria-disabled={c.disabled || undefined} data-command={c.id}
            className={`${i === index ? 'active' : ''}${c.current ? ' current' : ''}${c.disabled ? ' disabled' : ''}`}
            onMouseMove={() => { if (i !== index) setActive(i); }} onClick={() => run(c)}>
            <span className="command-label">{c.label}</span>
            {c.current && <span className="command-now"> · {TEXT.now}</span>}
            <span className="command-group">{c.group}</span>
            {c.keys && <span className="command-keys">{c.keys.map((k) => <kbd key={k}>{keyCap(k)}</kbd>)}</span>}
          </li>
        ))}
      </ul>
      <p className="muted command-hint" id={`${id}-hint`}>{TEXT.hint}</p>
    </ModalDialog>
  );
}
