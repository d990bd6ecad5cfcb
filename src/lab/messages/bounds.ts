/**
 * A search's bounds as a message (namespace `bounds`) instead of the explorer's English
 * `boundsText`: the Search panel and the repair-by-search verdict show it in the reader's
 * language. Plurals are chosen here (`_one` / `_other`), since templates only fill values.
 * The English rendering equals `describeBounds` (and the swarm's prefix), which cards,
 * graders and the CLI print; bounds.test.ts checks that for a spread of bounds.
 */
import type { Message, MessageParams } from '../../core/message';
import type { Bounds } from '../../sim/explorer/bounds';
import type { FeedbackMessage } from '../exercises/feedbackMessage';

const count = (key: string, n: number): FeedbackMessage => ({ key: `bounds.${key}_${n === 1 ? 'one' : 'other'}`, params: { n } });

/** The bounds a search ran under; `runs` when it was a swarm of random walks. */
export function boundsMessage(bounds: Bounds, runs?: number): FeedbackMessage {
  const all: FeedbackMessage = {
    key: 'bounds.all',
    parts: {
      depth: { key: 'bounds.depth', params: { n: bounds.depth } },
      crashes: count('crashes', bounds.crashes),
      drops: count('drops', bounds.drops),
      duplicates: count('duplicates', bounds.duplicates),
      cuts: count('cuts', bounds.partitions),
      clock: bounds.advances.length ? { key: 'bounds.clock', params: { advances: bounds.advances.join('/+') } } : { key: 'bounds.no_clock' },
      states: { key: 'bounds.states', params: { n: bounds.maxStates } },
      ms: { key: 'bounds.ms', params: { n: bounds.maxMs } },
    },
  };
  return runs === undefined ? all : { key: 'bounds.swarm', params: { runs, depth: bounds.depth }, parts: { rest: all } };
}

/** The same words as a descriptor whose parts are nested messages (what the page's `renderMessage` takes). */
export function asMessage(message: FeedbackMessage): Message {
  const params: Record<string, MessageParams[string]> = { ...message.params };
  for (const [name, part] of Object.entries(message.parts ?? {})) {
    // A list part is not used by the bounds; joined parts stay with the feedback renderer.
    if (!Array.isArray(part)) params[name] = asMessage(part as FeedbackMessage);
  }
  return { key: message.key, params };
}
