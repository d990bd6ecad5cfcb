/**
 * The simulated network: frames in flight between nodes.
 *
 * Frames wait here until the World delivers, drops or duplicates them, so a learner can
 * hold a message back, lose it, or deliver it twice. Bounded: a run that floods the
 * network is a bug and fails loudly (docs/architecture.md: a limit on every queue).
 */

/** A message between two nodes. `kind` names the protocol message; `body` is its data. */
export interface Frame {
  id: number;
  from: string;
  to: string;
  kind: string;
  body: Record<string, unknown>;
  sentAt: number;
  /** Set when this frame is a copy made by a duplicate fault. */
  copyOf?: number;
  /** The earliest time it can arrive (latency); absent means at once. */
  notBefore?: number;
  /** The target's incarnation when sent; a crash in between makes the frame undeliverable. */
  incarnation?: number;
}

export const MAX_IN_FLIGHT = 256;

export interface NetworkState {
  readonly frames: readonly Frame[];
  readonly nextId: number;
}

export class Network {
  private frames: Frame[] = [];
  private nextId = 1;

  /** Frames in flight, oldest first. */
  get inFlight(): readonly Frame[] {
    return this.frames;
  }

  send(from: string, to: string, kind: string, body: Record<string, unknown>, now: number, delay = 0, incarnation = 0): Frame {
    return this.enqueue({
      id: this.nextId++, from, to, kind, body, sentAt: now,
      ...(delay > 0 ? { notBefore: now + delay } : {}), ...(incarnation > 0 ? { incarnation } : {}),
    });
  }

  find(id: number): Frame | undefined {
    return this.frames.find((f) => f.id === id);
  }

  /** Removes and returns a frame (for delivery or loss). */
  take(id: number): Frame {
    const index = this.frames.findIndex((f) => f.id === id);
    if (index < 0) throw new Error(`network: no frame #${id} in flight`);
    return this.frames.splice(index, 1)[0]!;
  }

  /** The frames in flight and the next frame id, for a World checkpoint (frames are never mutated). */
  save(): NetworkState {
    return { frames: [...this.frames], nextId: this.nextId };
  }

  restore(state: NetworkState): void {
    this.frames = [...state.frames];
    this.nextId = state.nextId;
  }

  /** Puts a second copy of a frame in flight (at-least-once delivery made visible). */
  duplicate(id: number, now: number): Frame {
    const original = this.find(id);
    if (!original) throw new Error(`network: no frame #${id} in flight`);
    return this.enqueue({ ...original, id: this.nextId++, sentAt: now, copyOf: original.id });
  }

  private enqueue(frame: Frame): Frame {
    if (this.frames.length >= MAX_IN_FLIGHT) {
      throw new Error(`network: more than ${MAX_IN_FLIGHT} frames in flight`);
    }
    this.frames.push(frame);
    return frame;
  }
}
