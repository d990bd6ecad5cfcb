/**
 * Below the palette: every move the Search panel's explorer may take from this state that
 * the palette has no button for (src/lab/otherMoves.ts) — a takeover the lab never offers,
 * delivering one particular frame, a crash point, a clock move. A counterexample is made of
 * such steps, so each can be taken by hand too. Closed by default: the palette stays the
 * lab's own story. While open, recomputed after every step (never while an asynchronous
 * step is running); closed, it costs a step nothing.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import canonicalize from 'canonicalize';
import { otherMoves, type OtherMove } from '../../lab/otherMoves';
import type { PaletteEntry } from '../../lab/schema';
import { useRenderMessage } from '../i18n/renderMessage';
import { playAction, selectSession, selectView, useApp } from '../store';

export function OtherMoves({ entries }: { entries: PaletteEntry[] }) {
  const session = useApp(selectSession);
  const view = useApp(selectView); // a new view after every step: the moves are recomputed then
  const { t } = useTranslation();
  const render = useRenderMessage();
  const [open, setOpen] = useState(false);
  const moves = useMemo<OtherMove[]>(() => {
    if (!open || !session || !view || session.asynchronous) return [];
    try {
      return otherMoves(session.lab, session.current, entries);
    } catch {
      return []; // a model without search hooks offers nothing more
    }
  }, [open, session, view, entries]);
  if (!session?.lab || !session.model.enabled) return null; // no search, no other moves
  const group = (kind: OtherMove['kind']) => moves.filter((m) => m.kind === kind);
  return (
    <details className="panel palette other-moves" data-testid="other-moves" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('palette.otherMoves')}</summary>
      <p className="muted">{t('palette.otherMovesIntro')}</p>
      {open && moves.length === 0 && <p className="muted" data-testid="other-moves-none">{t('palette.otherMovesNone')}</p>}
      {(['business', 'environment'] as const).map((kind) => group(kind).length > 0 && (
        <div key={kind} className="palette-group">
          <h3>{t(`palette.otherMoves_${kind}`)}</h3>
          <div className="palette-buttons">
            {group(kind).map((move) => (
              <button key={canonicalize(move.action)} onClick={() => playAction(move.action)} data-testid="other-move"
                data-action={canonicalize(move.action)}>{render(move.words)}</button>
            ))}
          </div>
        </div>
      ))}
    </details>
  );
}
