/**
 * Plays the loaded steps (a scenario, a counterexample) forward on its own at a chosen
 * pace, for a lecture: each tick is the same Step the button takes, so a prediction gate
 * or a refusal stops it as it would stop a click. It stops at the last step, when a tick
 * does not move the cursor, and on Stop.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCursor, selectTotal, stepForward, useApp } from '../store';

const PACES = [1, 2, 4] as const;

export function AutoPlay() {
  const cursor = useApp(selectCursor);
  const total = useApp(selectTotal);
  const [playing, setPlaying] = useState(false);
  const [pace, setPace] = useState<(typeof PACES)[number]>(2);
  const { t } = useTranslation();
  useEffect(() => {
    if (!playing) return;
    if (cursor >= total) { setPlaying(false); return; }
    const from = cursor;
    const timer = setTimeout(() => {
      void stepForward().then(() => {
        // Refused (a prediction to pick first): stop here.
        if (useApp.getState().view?.cursor === from) setPlaying(false);
      });
    }, pace * 1000);
    return () => clearTimeout(timer);
  }, [playing, cursor, total, pace]);
  return (
    <span className="autoplay">
      <button onClick={() => setPlaying(!playing)} disabled={!playing && cursor >= total} aria-pressed={playing}
        title={t('autoplay.title')} data-testid="autoplay">{playing ? t('autoplay.stop') : t('autoplay.play')}</button>
      <select value={pace} onChange={(e) => setPace(Number(e.target.value) as (typeof PACES)[number])} aria-label={t('autoplay.pace')} data-testid="autoplay-pace">
        {PACES.map((p) => <option key={p} value={p}>{t('autoplay.every', { seconds: p })}</option>)}
      </select>
    </span>
  );
}
