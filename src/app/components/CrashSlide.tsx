/**
 * The crash slide (`b`, the command palette's "Crash slide", the crash panel's button): the
 * latest crash on the whole screen in large type, for a room. Left, before the crash: what the
 * node had only in memory or had not committed — the crash panel's "lost" column. Right, after
 * the restart: what its database kept and what recovery did with it — the panel's "kept" and
 * "recovery". The same hooks and pieces as the panel (crashLoss.ts, the read-only reads of the
 * node's database), so the slide shows exactly what the panel does, only larger. Before any
 * crash it says so. A modal dialog: Escape (or `b` again) closes it.
 */
import { useId, useMemo, useRef } from 'react';
import { usePageText } from '../i18n/pageText';
import { SLIDE_KEY } from '../useKeyboard';
import type { CrashAt, CrashLoss } from '../crashLoss';
import { KeptTables, LostItems, RecoveryItems, useCrashText, useKeptRows, useLatestCrash } from './CrashPanel';
import { ModalDialog } from './ModalDialog';

function useText() {
  const { t } = usePageText();
  return useMemo(() => ({
    title: t('slide.title'), close: t('slide.close'), none: t('slide.none'),
    before: (node: string) => t('slide.before', { node }), after: (node: string) => t('slide.after', { node }),
  }), [t]);
}

export function CrashSlide({ onClose }: { onClose: () => void }) {
  const TEXT = useText();
  const found = useLatestCrash();
  const id = useId();
  // The focus starts on Close, as in the key list: Escape, Enter and Space all leave from there.
  const close = useRef<HTMLButtonElement | null>(null);
  return (
    <ModalDialog labelledBy={`${id}-title`} className={`crash-slide${found ? '' : ' crash-slide-empty'}`} testId="crash-slide" onClose={onClose} initialFocus={close}>
      <div className="modal-head">
        <h2 id={`${id}-title`}>{TEXT.title}</h2>
        <button ref={close} onClick={onClose} data-testid="crash-slide-close">{TEXT.close} <kbd>Escape</kbd> <kbd>{SLIDE_KEY}</kbd></button>
      </div>
      {found ? <Slide {...found} /> : <p className="crash-slide-none" data-testid="crash-slide-none">{TEXT.none}</p>}
    </ModalDialog>
  );
}

function Slide({ crash, restart, lostFrames, lost }: CrashAt & { lost: CrashLoss }) {
  const TEXT = useText();
  const CRASH = useCrashText();
  const node = crash.crash!.node;
  const kept = useKeptRows(crash);
  const id = useId();
  return (
    <>
      <p className="crash-heading crash-slide-heading" data-testid="crash-slide-heading">{CRASH.heading(node, crash.crash!.point, crash.index)}</p>
      <div className="crash-slide-columns" data-node={node} data-step={crash.index}>
        <section className="crash-slide-before crash-lost" aria-labelledby={`${id}-before`} data-testid="crash-slide-before">
          <h3 id={`${id}-before`}>{TEXT.before(node)}</h3>
          <h4>{CRASH.lost}</h4>
          <LostItems lost={lost} lostFrames={lostFrames} prefix="crash-slide" />
        </section>
        <section className="crash-slide-after crash-kept" aria-labelledby={`${id}-after`} data-testid="crash-slide-after" data-restart={restart?.index}>
          <h3 id={`${id}-after`}>{TEXT.after(node)}</h3>
          <h4>{CRASH.kept}</h4>
          <KeptTables kept={kept} prefix="crash-slide" />
          {restart ? (
            <div className="crash-slide-recovery" data-testid="crash-slide-recovery">
              <h4>{CRASH.recovery(restart.index)}</h4>
              <RecoveryItems restart={restart} />
            </div>
          ) : <p className="muted" data-testid="crash-slide-not-restarted">{CRASH.notRestarted}</p>}
        </section>
      </div>
    </>
  );
}
