/**
 * The key list (`?`): the step keys as useKeyboard.ts handles them (LAB_KEYS), the palette's
 * own keys from lab.json, and the keys of the dialogs (the crash slide's included). Read from the same lists that
 * handle the keys, so the list cannot promise a key that does nothing.
 */
import { Fragment, useId, useMemo, useRef } from 'react';
import type { PaletteEntry } from '../../lab/schema';
import { usePageText } from '../i18n/pageText';
import { keyCap } from '../lectureCommands';
import { LAB_KEYS, SLIDE_KEY } from '../useKeyboard';
import { ModalDialog } from './ModalDialog';

function useText() {
  const { t } = usePageText();
  return useMemo(() => ({
    title: t('keys.title'), close: t('keys.close'), stepping: t('keys.stepping'),
    forward: t('keys.forward'), back: t('keys.back'), reset: t('keys.reset'),
    actions: t('keys.actions'), noActionKeys: t('keys.noActionKeys'), dialogs: t('keys.dialogs'),
    commands: t('keys.commands'), help: t('keys.help'), escape: t('keys.escape'), slide: t('keys.slide'),
    inPalette: t('keys.inPalette'), move: t('keys.move'), run: t('keys.run'), or: t('keys.or'),
    openCommands: t('commands.title'),
  }), [t]);
}

/** Keys that do the same thing, each a <kbd>, "or" between them. */
function Keys({ keys, or }: { keys: readonly string[]; or: string }) {
  return <>{keys.map((key, i) => <Fragment key={key}>{i > 0 && <span className="key-or"> {or} </span>}<kbd>{keyCap(key)}</kbd></Fragment>)}</>;
}

function Row({ keys, or, children, testId }: { keys: readonly string[]; or: string; children: string; testId?: string }) {
  return <div className="key-row" data-testid={testId}><dt><Keys keys={keys} or={or} /></dt><dd>{children}</dd></div>;
}

export function KeyOverlay({ palette, onClose, onCommands }: { palette: PaletteEntry[]; onClose: () => void; onCommands: () => void }) {
  const TEXT = useText();
  const id = useId();
  const own = palette.filter((e) => e.key);
  const or = TEXT.or;
  // The focus starts on Close: Escape, Enter and Space all leave from there, and Tab goes on through the list's buttons.
  const close = useRef<HTMLButtonElement | null>(null);
  return (
    <ModalDialog labelledBy={`${id}-title`} className="key-overlay" testId="key-overlay" onClose={onClose} initialFocus={close}>
      <div className="modal-head">
        <h2 id={`${id}-title`}>{TEXT.title}</h2>
        <button ref={close} onClick={onClose} data-testid="key-overlay-close">{TEXT.close}</button>
      </div>
      <div className="key-sections">
        <section aria-labelledby={`${id}-steps`}>
          <h3 id={`${id}-steps`}>{TEXT.stepping}</h3>
          <dl>
            <Row keys={LAB_KEYS.forward} or={or}>{TEXT.forward}</Row>
            <Row keys={LAB_KEYS.back} or={or}>{TEXT.back}</Row>
            <Row keys={LAB_KEYS.reset} or={or}>{TEXT.reset}</Row>
          </dl>
        </section>
        <section aria-labelledby={`${id}-actions`}>
          <h3 id={`${id}-actions`}>{TEXT.actions}</h3>
          {own.length > 0 ? (
            <dl data-testid="key-overlay-actions">
              {own.map((e) => <Row key={e.key} keys={[e.key!]} or={or}>{e.label}</Row>)}
            </dl>
          ) : <p className="muted">{TEXT.noActionKeys}</p>}
        </section>
        <section aria-labelledby={`${id}-dialogs`}>
          <h3 id={`${id}-dialogs`}>{TEXT.dialogs}</h3>
          <dl>
            <Row keys={['Ctrl K', '⌘ K', ':']} or={or} testId="key-overlay-commands">{TEXT.commands}</Row>
            <Row keys={['?']} or={or}>{TEXT.help}</Row>
            <Row keys={[SLIDE_KEY]} or={or} testId="key-overlay-slide">{TEXT.slide}</Row>
            <Row keys={['Escape']} or={or}>{TEXT.escape}</Row>
          </dl>
          <h3>{TEXT.inPalette}</h3>
          <dl>
            <Row keys={['ArrowUp', 'ArrowDown']} or={or}>{TEXT.move}</Row>
            <Row keys={['Enter']} or={or}>{TEXT.run}</Row>
          </dl>
        </section>
      </div>
      <p><button onClick={onCommands} data-testid="key-overlay-open-commands">{TEXT.openCommands} <kbd>Ctrl K</kbd></button></p>
    </ModalDialog>
  );
}
