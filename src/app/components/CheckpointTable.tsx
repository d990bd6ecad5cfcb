/**
 * LangGraph checkpoints as rows a person reads (the graph panel's trail, the crash panel's
 * "kept" column): the short id, the super-step and why it was saved, the nodes it was saved
 * after, the state channels it changed and the pending writes stored on it. The rows are
 * read from the saver's tables by src/core/workflow/threadView.ts; the stored JSON they come
 * from stays in the inspector. Names of nodes, channels and LangGraph's own words are code.
 */
import { memo } from 'react';
import type { CheckpointRow } from '../../core/workflow/threadView';
import { usePageText } from '../i18n/pageText';

const list = (names: readonly string[]) => names.map((n, i) => <span key={n}>{i > 0 && ', '}<code>{n}</code></span>);

export const CheckpointTable = memo(function CheckpointTable({ rows, label, latest }: { rows: readonly CheckpointRow[]; label: string; latest?: string }) {
  const { t } = usePageText();
  const none = t('checkpoints.none');
  return (
    <div className="table-wrap checkpoint-table" tabIndex={0} role="region" aria-label={label}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('checkpoints.id')}</th>
            <th scope="col">{t('checkpoints.step')}</th>
            <th scope="col">{t('checkpoints.after')}</th>
            <th scope="col">{t('checkpoints.changed')}</th>
            <th scope="col">{t('checkpoints.writes')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={`checkpoint-${row.short}`} data-after={row.after.join(' ')} data-writes={row.writes}
              className={row.id === latest ? 'latest' : undefined}>
              <th scope="row" title={row.id}><code>{row.short}</code></th>
              <td>{row.step ?? none}{row.source !== null && <> · <code>{row.source}</code></>}</td>
              <td>{row.after.length > 0 ? list(row.after) : row.source === 'input' ? t('checkpoints.input') : none}</td>
              <td>{row.changed.length > 0 ? list(row.changed) : none}</td>
              <td>
                {row.writes}
                {row.writers.length > 0 && <> · {list(row.writers)}</>}
                {row.failed.map((node) => <span key={node}> · {t('checkpoints.failed', { node })}</span>)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
