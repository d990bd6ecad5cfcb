/**
 * L09's command composer: pick actor, Action ID, kind, expected revision and payload, and
 * send. It only builds a `{"send": …}` action; signing, delivery and the verdict all happen
 * in the World like any other step.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMAND_KINDS, type CommandKind } from '../../core/authority/commands';
import { jsonErrorPlace } from '../jsonErrorPlace';
import { playAction, selectCursor, useApp } from '../store';

const ACTORS = ['lead', 'agent-1', 'agent-2'];

/** A starting payload per kind; a kind without one starts from `{}` (the authority's refusal says what is missing). */
const TEMPLATES: Partial<Record<CommandKind, Record<string, unknown>>> = {
  create_group: { org: 'acme' },
  add_member: { agent: 'agent-3', role: 'worker' },
  remove_member: { agent: 'agent-2' },
  create_mission: { mission: 'M2', budget_cents: 500 },
  create_work_item: { work_item: 'W3', mission: 'M1' },
  claim: { work_item: 'W1' },
  renew_lease: { work_item: 'W1', lease_id: 'lease-W1-1' },
  report_progress: { work_item: 'W1', lease_id: 'lease-W1-1', cost_cents: 100, note: 'step' },
  complete: { work_item: 'W1', lease_id: 'lease-W1-1' },
  request_approval: { approval: 'AP1', work_item: 'W1' },
  decide_approval: { approval: 'AP1', decision: 'approved' },
  open_session: {},
  checkpoint: { work_item: 'W1', lease_id: 'lease-W1-1', data: 'step 1 done' },
  resume: { work_item: 'W1' },
  block: { work_item: 'W1', lease_id: 'lease-W1-1', needs: 'customer answer', data: 'waiting' },
  resolve: { work_item: 'W1' },
  report_failure: { work_item: 'W1', lease_id: 'lease-W1-1', reason: 'tool error' },
  reassign: { work_item: 'W1', reason: 'lease missed' },
  cancel: { work_item: 'W1' },
};

export function CommandComposer() {
  // Only the cursor (for the suggested Action ID): a step re-renders the composer only to move it.
  const cursor = useApp(selectCursor);
  const [actor, setActor] = useState('agent-1');
  const [actionId, setActionId] = useState('');
  const [kind, setKind] = useState<CommandKind>('claim');
  const [revision, setRevision] = useState('current');
  const [payload, setPayload] = useState(JSON.stringify(TEMPLATES.claim));
  const [error, setError] = useState<string | null>(null);
  const suggestedId = `cmd-${cursor + 1}`;
  const { t } = useTranslation();

  const send = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch (e) {
      // The browser's own words are English: keep only where it stopped, said in the page's language.
      const place = jsonErrorPlace(e instanceof Error ? e.message : String(e), payload);
      setError(place ? t('composer.badJsonAt', place) : t('composer.badJson'));
      return;
    }
    const expected = revision === 'none' ? null : revision === 'current' ? 'current' : Number(revision);
    if (typeof expected === 'number' && !(Number.isInteger(expected) && expected >= 0)) {
      setError(t('composer.badRevision'));
      return;
    }
    setError(null);
    playAction({ send: { actor, action_id: actionId.trim() || suggestedId, kind, expected_revision: expected, payload: parsed } });
  };

  return (
    <section className="panel composer" aria-label={t('composer.title')}>
      <h2>{t('composer.title')}</h2>
      <div className="composer-grid">
        <label>{t('composer.actor')}<select value={actor} onChange={(e) => setActor(e.target.value)} data-testid="composer-actor">
          {ACTORS.map((a) => <option key={a}>{a}</option>)}</select></label>
        <label>{t('composer.actionId')}<input value={actionId} placeholder={suggestedId} onChange={(e) => setActionId(e.target.value)} data-testid="composer-action-id" /></label>
        <label>{t('composer.kind')}<select value={kind} data-testid="composer-kind" onChange={(e) => {
          const next = e.target.value as CommandKind;
          setKind(next);
          setPayload(JSON.stringify(TEMPLATES[next] ?? {}));
        }}>{COMMAND_KINDS.map((k) => <option key={k}>{k}</option>)}</select></label>
        <label>{t('composer.revision')}<input value={revision} onChange={(e) => setRevision(e.target.value)} data-testid="composer-revision" title={t('composer.revisionHelp')} /></label>
      </div>
      <label className="composer-payload">{t('composer.payload')}
        <textarea rows={2} spellCheck={false} value={payload} onChange={(e) => setPayload(e.target.value)} data-testid="composer-payload" />
      </label>
      <button className="primary" onClick={send} data-testid="composer-send">{t('composer.send')}</button>
      {error && <p className="error" role="alert" data-testid="composer-error">{error}</p>}
    </section>
  );
}
