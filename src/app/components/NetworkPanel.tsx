/** Frames in flight, oldest first, with per-frame deliver / drop / duplicate. */
import { memo, useMemo, useState } from 'react';
import type { Frame } from '../../sim/network';
import { usePageText } from '../i18n/pageText';
import { playAction, selectFrames, useApp } from '../store';

type Text = ReturnType<typeof useText>;

/** The panel's words in the page's language (src/app/i18n/locales/<locale>/app.json), once per language. */
function useText() {
  const page = usePageText();
  return useMemo(() => {
    const { t } = page;
    const inFlight = page.filled('network.inFlight'); // on every step that sends or delivers
    return {
      title: t('network.title'), inFlight: (n: number) => inFlight({ count: n }), none: t('network.none'),
      copyOf: (id: number) => t('network.copyOf', { id }), deliver: t('network.deliver'), drop: t('network.drop'), duplicate: t('network.duplicate'),
      more: (n: number) => t('network.more', { count: n }),
    };
  }, [page]);
}

/**
 * Frames listed before "and N more": a lab that floods the network (L10's emits, a storm of
 * duplicates) would otherwise add a row, its three buttons and their layout on every step
 * to a list nobody reads to the end. The oldest are shown — the ones a learner delivers
 * next; "show all" lists every frame until the lab is left.
 */
export const FRAME_LIMIT = 30;

export function NetworkPanel() {
  const frames = useApp(selectFrames);
  const [all, setAll] = useState(false);
  const TEXT = useText();
  const shown = all || frames.length <= FRAME_LIMIT ? frames : frames.slice(0, FRAME_LIMIT);
  return (
    <section className="panel network" aria-label={TEXT.title} data-testid="network">
      <h2>{TEXT.title} <span className="muted">{TEXT.inFlight(frames.length)}</span></h2>
      {frames.length === 0 ? <p className="muted">{TEXT.none}</p> : (
        <ul className="frames">
          {shown.map((f) => <FrameRow key={f.id} frame={f} text={TEXT} />)}
        </ul>
      )}
      {shown.length < frames.length && (
        <button className="link" data-testid="network-more" onClick={() => setAll(true)}>{TEXT.more(frames.length - shown.length)}</button>
      )}
    </section>
  );
}

/** One frame; the view keeps a frame's object while it is in flight, so a step re-renders only new rows. */
const FrameRow = memo(function FrameRow({ frame: f, text: TEXT }: { frame: Frame; text: Text }) {
  return (
    <li data-testid={`frame-${f.id}`}>
      <code>#{f.id}</code> <code>{f.kind}</code> <span className="muted">{f.from} → {f.to}{f.copyOf ? TEXT.copyOf(f.copyOf) : ''}</span>
      <span className="frame-actions">
        <button onClick={() => playAction({ deliver: f.id })}>{TEXT.deliver}</button>
        <button onClick={() => playAction({ drop: f.id })}>{TEXT.drop}</button>
        <button onClick={() => playAction({ duplicate: f.id })}>{TEXT.duplicate}</button>
      </span>
    </li>
  );
});
