/**
 * The fencing model (lab L07): workers A and B, a lease authority and a protected resource,
 * each with its own database, talking through the World's network.
 *
 * Story: A holds fence 1 and stalls after checking its lease; the lease runs out; B gets
 * fence 2 and writes; A wakes and sends its old write. A fenced resource refuses it; an
 * external system that ignores fences lets A overwrite B (SPEC 9.7).
 */
import {
  acquireLease, arrangeLease, expireDueLease, readLease, releaseLease, renewLease, setLeaseDuration, type LeasePolicy,
} from '../../../core/fencing/leaseAuthority';
import { leaseMachine } from '../../../core/fencing/leaseMachine';
import {
  fencedWrite, learnFence, uncheckedWrite, type WriteRequest, type WriteVerdict,
} from '../../../core/fencing/protectedResource';
import { AUTHORITY_SCHEMA, RESOURCE_SCHEMA, WORKER_SCHEMA } from '../../../core/fencing/schema';
import {
  forgetGrant, prepareWrite, readBelief, recordWriteOutcome, rememberGrant, sendPendingWrite, unansweredWrite,
} from '../../../core/fencing/worker';
import { msg } from '../../../core/message';
import type { Model, ModelContext } from '../../model';
import type { Frame } from '../../network';
import { describeFencingAction, parseFencingAction, WORKERS, type FencingAction, type WorkerId } from './actions';
import { FENCING_FAULT_POINTS, readInitial, validateFencingInitial } from './initial';
import { fencesOnlyGrow, noStaleWrite, renewalIsCompareAndSet } from './invariants';
import { fencingEndConditions } from './liveness';
import { enabledFencing, fingerprintFencing, frameFingerprintFencing } from './search';
import { footprintFencing } from './footprint';
import { describeFencingNodes, observeFencing, trackFencing } from './view';

const AUTHORITY = 'authority';
const RESOURCE = 'resource';

export const fencingModel: Model<FencingAction> = {
  id: 'fencing',
  switches: [{
    key: 'resource',
    label: 'The resource',
    options: [
      { value: 'fenced', label: 'compares the fence in the same conditional write', presented: 'right' },
      { value: 'external', label: 'an external system that takes writes as they come', presented: 'wrong' },
    ],
    default: 'fenced',
  }, {
    key: 'renewal',
    label: 'A renewal',
    options: [
      { value: 'compare_and_set', label: 'extends the lease only if the requester still holds that fence, unexpired', presented: 'right' },
      { value: 'holder_only', label: "extends the lease when the requester's name is on it", presented: 'wrong' },
    ],
    default: 'compare_and_set',
  }, {
    key: 'takeover_fence',
    label: 'A new holder gets',
    options: [
      { value: 'next', label: 'the next fence', presented: 'right' },
      { value: 'same', label: 'the fence the lease already had', presented: 'wrong' },
    ],
    default: 'next',
  }, {
    key: 'lease_expiry',
    label: 'A lease ends',
    options: [
      { value: 'timed', label: 'at its time, whether or not the holder is heard from', presented: 'right' },
      { value: 'until_released', label: 'when its holder gives it back', presented: 'wrong' },
    ],
    default: 'timed',
  }, {
    key: 'no_answer',
    label: 'A worker whose write got no verdict',
    options: [
      { value: 'resend', label: 'sends the same write again', presented: 'right' },
      { value: 'wait', label: 'waits for the verdict', presented: 'wrong' },
    ],
    default: 'resend',
  }],
  faultPoints: FENCING_FAULT_POINTS,
  nodes: (switches) => [
    { id: 'A', kind: 'worker', label: msg('view.fencing.node.A'), schema: WORKER_SCHEMA },
    { id: 'B', kind: 'worker', label: msg('view.fencing.node.B'), schema: WORKER_SCHEMA },
    { id: AUTHORITY, kind: 'authority', label: msg('view.fencing.node.authority'), schema: AUTHORITY_SCHEMA },
    {
      id: RESOURCE, kind: 'resource', schema: RESOURCE_SCHEMA,
      label: switches.resource === 'external' ? msg('view.fencing.node.external') : msg('view.fencing.node.resource'),
    },
  ],
  edges: [
    { from: 'A', to: AUTHORITY, label: msg('view.fencing.edge.lease') },
    { from: 'B', to: AUTHORITY, label: msg('view.fencing.edge.lease') },
    { from: AUTHORITY, to: RESOURCE, label: msg('view.fencing.edge.fence_updates') },
    { from: 'A', to: RESOURCE, label: msg('view.fencing.edge.writes') },
    { from: 'B', to: RESOURCE, label: msg('view.fencing.edge.writes') },
  ],
  validateInitial: validateFencingInitial,

  setup(ctx, raw) {
    const initial = readInitial(raw);
    setLeaseDuration(ctx.store(AUTHORITY), initial.leaseDuration);
    ctx.clock.advanceTo(initial.now);
    if (initial.currentToken > 0) {
      const holder = WORKERS.find((w) => initial.workers[w] === initial.currentToken) ?? null;
      arrangeLease(ctx.store(AUTHORITY), ctx.clock, holder, initial.currentToken, initial.leaseUntil);
      learnFence(ctx.store(RESOURCE), initial.currentToken, initial.leaseUntil);
    }
    for (const worker of WORKERS) {
      const fence = initial.workers[worker];
      if (fence !== null && fence !== undefined) rememberGrant(ctx.store(worker), fence, initial.leaseUntil);
    }
    ctx.note(msg('fencing.setup', { now: initial.now, fence: initial.currentToken, until: initial.leaseUntil, duration: initial.leaseDuration }));
  },

  parseAction: parseFencingAction,
  describeAction: describeFencingAction,

  precondition(ctx, action) {
    if (action.type === 'probe') {
      if (action.now < ctx.clock.now) return msg('refusals.fencing.probe_time', { now: ctx.clock.now });
      const fence = readLease(ctx.store(AUTHORITY)).fence;
      return action.current < fence ? msg('refusals.fencing.probe_fence', { fence }) : null;
    }
    const status = ctx.status(action.worker);
    if (action.type === 'wake') return status === 'paused' ? null : msg('refusals.node_not_paused', { node: action.worker });
    if (action.type === 'resend' && status === 'up' && !unansweredWrite(ctx.store(action.worker))) return msg('refusals.fencing.nothing_to_resend', { worker: action.worker });
    return status === 'up' ? null : msg(`refusals.node_is_${status}`, { node: action.worker });
  },

  apply(ctx, action) {
    switch (action.type) {
      case 'acquire':
        ctx.send(action.worker, AUTHORITY, 'acquire_request', { worker: action.worker });
        return;
      case 'renew':
      case 'release': {
        const belief = readBelief(ctx.store(action.worker));
        if (!belief) return ctx.note(msg(`fencing.no_lease_to_${action.type}`, { worker: action.worker }));
        ctx.send(action.worker, AUTHORITY, `${action.type}_request`, { worker: action.worker, fence: belief.fence });
        return;
      }
      case 'write':
        if (prepare(ctx, action.worker)) sendPending(ctx, action.worker);
        return;
      case 'pause':
        prepare(ctx, action.worker);
        ctx.setStatus(action.worker, 'paused');
        ctx.note(msg('fencing.stalls', { worker: action.worker }));
        return;
      case 'wake':
        ctx.setStatus(action.worker, 'up');
        ctx.note(msg('fencing.wakes', { worker: action.worker, now: ctx.clock.now }));
        sendPending(ctx, action.worker);
        return;
      case 'resend': {
        const write = unansweredWrite(ctx.store(action.worker))!;
        ctx.send(action.worker, RESOURCE, 'write_request', { writer: action.worker, token: write.token, value: write.value });
        ctx.note(msg('fencing.resends_write', { worker: action.worker, fence: write.token }));
        return;
      }
      case 'probe':
        return probe(ctx, action);
    }
  },

  receive(ctx, frame) {
    if (frame.to === AUTHORITY) return authorityReceives(ctx, frame);
    if (frame.to === RESOURCE) return resourceReceives(ctx, frame);
    return workerReceives(ctx, frame.to as WorkerId, frame);
  },

  afterAdvance(ctx) {
    const before = readLease(ctx.store(AUTHORITY));
    const after = expireDueLease(ctx.store(AUTHORITY), ctx.clock, policyOf(ctx));
    if (before.state !== after.state) {
      ctx.note(msg('fencing.lease_ran_out', { holder: before.holder ?? '–', fence: before.fence, until: before.leaseUntil }));
    }
  },

  /**
   * A restarted resource missed every fence update sent while it was down (a new grant
   * among them): it asks the authority for the lease in force before it judges more writes.
   */
  afterRestart(ctx, node) {
    if (node !== RESOURCE) return;
    ctx.send(RESOURCE, AUTHORITY, 'fence_query', {});
    ctx.note(msg('fencing.resource_resyncs'));
  },

  observe: observeFencing,
  track: trackFencing,
  invariants: [noStaleWrite, fencesOnlyGrow, renewalIsCompareAndSet],
  endConditions: fencingEndConditions,
  /**
   * What the workers do by themselves: a stalled worker wakes (and sends the write it
   * prepared); in the lab's design a worker whose write got no verdict sends it again.
   */
  recoveryMoves(ctx) {
    const moves: FencingAction[] = [];
    for (const worker of WORKERS) if (ctx.status(worker) === 'paused') moves.push({ type: 'wake', worker });
    if (ctx.switches.no_answer !== 'wait') {
      for (const worker of WORKERS) if (ctx.status(worker) === 'up' && unansweredWrite(ctx.store(worker))) moves.push({ type: 'resend', worker });
    }
    return moves;
  },
  recoveryBound: 8,
  machines: (ctx) => [{
    id: 'lease', title: msg('view.fencing.machine.lease'), machine: leaseMachine,
    state: readLease(ctx.store(AUTHORITY)).state,
  }],
  describeNodes: describeFencingNodes,
  enabled: enabledFencing,
  fingerprint: fingerprintFencing,
  frameFingerprint: frameFingerprintFencing,
  footprint: footprintFencing,
};

/** The worker's local check; notes why it declines when its own view says no. */
function prepare(ctx: ModelContext, worker: WorkerId): boolean {
  const result = prepareWrite(ctx.store(worker), ctx.clock, `${worker}@t${ctx.clock.now}`);
  if (result.ok) {
    ctx.note(msg('fencing.prepared', { worker, fence: result.write.token, now: ctx.clock.now }));
    return true;
  }
  ctx.note(msg(`fencing.declines_${result.code}`, { worker }));
  return false;
}

/** The authority's lease design under the lab's switches. */
function policyOf(ctx: ModelContext): LeasePolicy {
  return {
    renewal: ctx.switches.renewal === 'holder_only' ? 'holder_only' : 'compare_and_set',
    takeover: ctx.switches.takeover_fence === 'same' ? 'same' : 'next',
    expiry: ctx.switches.lease_expiry === 'until_released' ? 'until_released' : 'timed',
  };
}

function sendPending(ctx: ModelContext, worker: WorkerId): void {
  const write = sendPendingWrite(ctx.store(worker));
  if (!write) return;
  ctx.send(worker, RESOURCE, 'write_request', { writer: worker, token: write.token, value: write.value });
  ctx.note(msg('fencing.sends_write', { worker, fence: write.token, checked: write.checkedAt }));
}

function writeAtResource(ctx: ModelContext, request: WriteRequest): WriteVerdict {
  const write = ctx.switches.resource === 'external' ? uncheckedWrite : fencedWrite;
  const verdict = write(ctx.store(RESOURCE), ctx.clock, ctx.faults(RESOURCE), request);
  const known = verdict.currentFence === null ? '_no_lease' : '';
  ctx.note(msg(`fencing.resource_${verdict.allowed ? 'accepted' : 'refused'}${known}`, {
    writer: request.writer, fence: request.token, reason: verdict.reason, current: verdict.currentFence, until: verdict.leaseUntil,
  }));
  return verdict;
}

function probe(ctx: ModelContext, action: Extract<FencingAction, { type: 'probe' }>): void {
  ctx.clock.advanceTo(action.now);
  const holderOf = (fence: number | null) => WORKERS.find((w) => readBelief(ctx.store(w))?.fence === fence);
  arrangeLease(ctx.store(AUTHORITY), ctx.clock, holderOf(action.current) ?? null, action.current, action.lease_until);
  learnFence(ctx.store(RESOURCE), action.current, action.lease_until);
  ctx.note(msg('fencing.arranged', { fence: action.current, until: action.lease_until, now: action.now }));
  writeAtResource(ctx, { writer: holderOf(action.token) ?? 'probe', token: action.token, value: `probe@t${action.now}` });
}

function authorityReceives(ctx: ModelContext, frame: Frame): void {
  const store = ctx.store(AUTHORITY);
  const worker = String(frame.body.worker);
  const announce = (fence: number, until: number) => ctx.send(AUTHORITY, RESOURCE, 'fence_update', { fence, lease_until: until });
  if (frame.kind === 'acquire_request') {
    const result = acquireLease(store, ctx.clock, worker, policyOf(ctx));
    if (!result.ok) {
      ctx.note(msg('fencing.acquire_refused', { worker, code: result.code, holder: result.holder, until: result.leaseUntil }));
      ctx.send(AUTHORITY, worker, 'lease_refused', { holder: result.holder, lease_until: result.leaseUntil });
      return;
    }
    ctx.note(msg('fencing.granted', { worker, fence: result.fence, until: result.leaseUntil }));
    ctx.send(AUTHORITY, worker, 'lease_granted', { fence: result.fence, lease_until: result.leaseUntil });
    announce(result.fence, result.leaseUntil);
  } else if (frame.kind === 'renew_request') {
    const result = renewLease(store, ctx.clock, worker, Number(frame.body.fence), policyOf(ctx));
    if (!result.ok) {
      ctx.note(msg('fencing.renew_refused', { worker, fence: Number(frame.body.fence), current: result.current.fence, state: result.current.state }));
      ctx.send(AUTHORITY, worker, 'lease_lost', { fence: frame.body.fence });
      return;
    }
    ctx.note(msg('fencing.renewed', { worker, fence: result.fence, until: result.leaseUntil }));
    ctx.send(AUTHORITY, worker, 'lease_granted', { fence: result.fence, lease_until: result.leaseUntil });
    announce(result.fence, result.leaseUntil);
  } else if (frame.kind === 'fence_query') {
    const lease = readLease(store);
    if (lease.fence > 0) announce(lease.fence, lease.state === 'held' ? lease.leaseUntil : Math.min(lease.leaseUntil, ctx.clock.now));
  } else if (frame.kind === 'release_request') {
    const fence = Number(frame.body.fence);
    const released = releaseLease(store, ctx.clock, worker, fence, policyOf(ctx));
    ctx.note(msg(released ? 'fencing.released' : 'fencing.release_stale', { worker, fence }));
    ctx.send(AUTHORITY, worker, 'lease_lost', { fence });
    if (released) announce(fence, ctx.clock.now);
  }
}

function resourceReceives(ctx: ModelContext, frame: Frame): void {
  if (frame.kind === 'fence_update') {
    const fence = Number(frame.body.fence);
    const learned = learnFence(ctx.store(RESOURCE), fence, Number(frame.body.lease_until));
    if (!learned) ctx.note(msg('fencing.late_update_ignored', { fence }));
    return;
  }
  const request: WriteRequest = {
    writer: String(frame.body.writer),
    token: frame.body.token === null ? null : Number(frame.body.token),
    value: String(frame.body.value),
  };
  const verdict = writeAtResource(ctx, request);
  ctx.send(RESOURCE, request.writer, 'write_result', { token: request.token, value: request.value, allowed: verdict.allowed, reason: verdict.reason });
}

function workerReceives(ctx: ModelContext, worker: WorkerId, frame: Frame): void {
  const store = ctx.store(worker);
  switch (frame.kind) {
    case 'lease_granted':
      rememberGrant(store, Number(frame.body.fence), Number(frame.body.lease_until));
      return;
    case 'lease_lost':
      if (readBelief(store)?.fence === Number(frame.body.fence)) forgetGrant(store);
      return;
    case 'lease_refused':
      return;
    case 'write_result':
      recordWriteOutcome(store, frame.body.token === null ? null : Number(frame.body.token), String(frame.body.value),
        frame.body.allowed === true, frame.body.reason as WriteVerdict['reason']);
      return;
    default:
      throw new Error(`worker ${worker}: unexpected frame ${frame.kind}`);
  }
}
