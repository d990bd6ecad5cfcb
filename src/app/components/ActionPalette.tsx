/** The lab's actions, grouped as its lab.json declares them; each click is one World step. */
import { useTranslation } from 'react-i18next';
import { memo, useMemo } from 'react';
import type { PaletteEntry } from '../../lab/schema';
import { actionSlug } from '../actionSlug';
import { armedLabel } from '../armedLabel';
import { playAction, selectArmed, useApp } from '../store';

export const ActionPalette = memo(function ActionPalette({ entries }: { entries: PaletteEntry[] }) {
  const armed = useApp(selectArmed);
  const { t, i18n } = useTranslation();
  // Armed faults by their buttons' labels (already in the page's language), listed the page's way.
  const list = new Intl.ListFormat(i18n.language, { type: 'unit' });
  const TEXT = { title: t('palette.title'), armed: (points: string[]) => t('palette.armed', { points: list.format(points.map((p) => armedLabel(p, entries))) }) };
  const groups = useMemo(() => {
    const names = [...new Set(entries.map((e) => e.group))];
    return names.map((group) => ({ group, entries: entries.filter((e) => e.group === group) }));
  }, [entries]);
  return (
    <section className="panel palette" aria-label={TEXT.title}>
      <h2>{TEXT.title}</h2>
      {groups.map(({ group, entries: items }) => (
        <div key={group} className="palette-group">
          <h3>{group}</h3>
          <div className="palette-buttons">
            {items.map((entry) => (
              <button key={actionSlug(entry.action)} onClick={() => playAction(entry.action)} title={entry.help ?? entry.label}
                data-testid={`action-${actionSlug(entry.action)}`}>
                {entry.label}{entry.key ? <kbd>{entry.key}</kbd> : null}
              </button>
            ))}
          </div>
        </div>
      ))}
      {armed.length > 0 && <p className="armed" data-testid="armed-faults">{TEXT.armed(armed)}</p>}
    </section>
  );
});
