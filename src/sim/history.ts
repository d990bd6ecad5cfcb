/**
 * Checkpoints for undo: what a World was after a given step, both halves of it — each
 * node's database image and everything else as plain data (clock, RNG position, frames in
 * flight, node statuses, armed faults, cut links, incarnations, model memo).
 *
 * Why images and not only a SAVEPOINT per step: sql.js cannot export a database while a
 * savepoint (a write transaction) is open, and forks, the inspector and determinism checks
 * need images — so savepoints (`inPlace`, below) cover a bounded window that is committed
 * to an image when it closes; inside it, a protocol transaction runs as a nested savepoint
 * with the same name and the same bytes. Why not an undo
 * log of rows: deleting a row an insert added gives the same rows, not the same bytes
 * (pages split, the freelist grows), and replays must be byte-identical. An image is
 * taken only of a store that wrote since its last image (its write generation moved); the
 * others share the previous image, so a step that touched one node exports one database.
 *
 * Policy: a checkpoint after every one of the `recent` latest steps (a Back is a restore,
 * nothing replayed) and after every `every`-th step beyond them (a jump far back restores
 * the nearest one and replays fewer than `every` steps, taking dense checkpoints again on
 * the way, so the Backs after it are restores too). `recent: 0` keeps only the sparse ones.
 *
 * `inPlace` (the lab session): for `every` steps the World marks each store before its
 * first write in a step (a savepoint, `Store.mark`), then commits the marks and takes an
 * image checkpoint. A Back inside that window rolls the marked stores back in place — no database is closed,
 * reopened or exported — and its checkpoint holds only the rest of the World (`images:
 * null`). Such light checkpoints die with their window: once it is committed, a Back to
 * one of its steps restores the image checkpoint before it and replays (< `every` steps).
 * A forward step exports nothing until its window closes. The same bytes either way: a
 * transaction committed inside a released savepoint writes the pages it would alone.
 */
import type { Store } from '../core/db/store';
import type { ClockState } from './clock';
import type { NodeStatus } from './model';
import type { NetworkState } from './network';
import type { SeededRng } from './rng';

export interface HistoryPolicy {
  /** Steps kept densely (one checkpoint per step) behind the latest one. */
  recent: number;
  /** Beyond `recent`, one checkpoint per `every` steps is kept. */
  every: number;
  /** Undo inside a window of `every` steps by rolling each store back in place (see above). */
  inPlace?: boolean;
  /**
   * Sparse checkpoints only (`recent: 0`, not `inPlace`): the export budget, in image bytes
   * per step. A checkpoint then comes at least `every` steps after the one before AND at
   * least (bytes of the images it would export) / `bytesPerStep` steps after it, instead of
   * at every multiple of `every`. An export costs in proportion to its database, and a log
   * table grows with the history: at a fixed spacing the export share of a step grew with
   * the step count (L07 `A_write`: two stores of 57 KB at step 100, 262 KB at step 5,000).
   * Spaced in proportion to the images, a step pays about `bytesPerStep` of export wherever
   * it is, and the images kept grow linearly with the history, not quadratically. The price:
   * an undo replays up to (image bytes / `bytesPerStep`) steps rather than `every`.
   */
  bytesPerStep?: number;
}

/**
 * A World's default: a checkpoint every 16 steps or more, none in between. An image export
 * costs time in proportion to the database (≈ one to several steps once a log table has
 * grown), so a World that mostly moves forward (cards, property tests, the explorer's
 * replays) pays it once per 16 steps while its stores are small (≤ 64 KB exported per
 * checkpoint), and once per (exported bytes / 4 KB) steps beyond: ≈ 64 steps for L07's
 * 262 KB at step 5,000. An undo restores the nearest checkpoint and replays the steps
 * after it (< 16 while small).
 */
export const DEFAULT_HISTORY: HistoryPolicy = { recent: 0, every: 16, bytesPerStep: 4096 };

/**
 * The lab session's policy: a checkpoint after each step, undone in place inside the
 * current window of 64 steps (a Back is a rollback of the stores that changed: nothing
 * is closed, reopened or exported) and from an image every 64th step beyond it. A Back
 * across a window's start restores the image before it and replays up to 63 steps (one
 * Back in 64 going back step by step; ≈ 10 ms in L07), after which the Backs are in place
 * again. A forward step exports only when its window closes.
 */
export const DENSE_HISTORY: HistoryPolicy = { recent: 64, every: 64, inPlace: true };

/** One store's bytes, and the Store object + write generation they were read from. */
export interface StoreImage {
  store: Store | null;
  generation: number;
  image: Uint8Array;
}

/** Everything in a World besides its databases, as data. */
export interface WorldState {
  clock: ClockState;
  rng: ReturnType<SeededRng['save']>;
  network: NetworkState;
  statuses: [string, NodeStatus][];
  armed: string[];
  partitions: string[];
  incarnations: [string, number][];
  /** Model memo, already cloned (restore clones again: a checkpoint can be restored twice). */
  memo: Record<string, object> | null;
}

export interface Checkpoint {
  /** The World after this many actions. */
  step: number;
  /** Each store's bytes; null in a light checkpoint, inside an in-place window (the stores' marks stand for them). */
  images: Map<string, StoreImage> | null;
  state: WorldState;
}

/** SQLite's default page size: images are compared and shared in pieces of this size. */
const PAGE = 4096;

/**
 * An older checkpoint's image as pages, each shared with the image compacted before it
 * when equal. A lab session keeps an image checkpoint per 64 steps for as long as it runs,
 * and its log tables grow with the run: whole images kept ≈ 9 KB per step at 20,000 L07
 * steps, growing with the run, where the pages a window changes are a few. `image` joins
 * the pages again (a new array each read: a restore reads it once per store).
 */
class PagedImage implements StoreImage {
  constructor(readonly store: Store | null, readonly generation: number, readonly pages: readonly Uint8Array[], private readonly length: number) {}

  get image(): Uint8Array {
    const bytes = new Uint8Array(this.length);
    this.pages.forEach((page, i) => bytes.set(page, i * PAGE));
    return bytes;
  }
}

function samePage(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `full` as pages: each page equal to `like`'s page at the same place is that page, the rest copied. */
function paged(full: StoreImage, like: PagedImage | undefined): PagedImage {
  const bytes = full.image;
  const pages: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += PAGE) {
    const page = bytes.subarray(offset, Math.min(offset + PAGE, bytes.length));
    const known = like?.pages[offset / PAGE];
    pages.push(known && samePage(known, page) ? known : page.slice());
  }
  return new PagedImage(full.store, full.generation, pages, bytes.length);
}

export class History {
  private readonly list: Checkpoint[] = [];
  /** Each node's image last paged (`inPlace`): the next one shares its equal pages. */
  private readonly lastPaged = new Map<string, PagedImage>();
  /** Whole images already paged, so checkpoints that shared one share its pages. */
  private readonly pagedOf = new WeakMap<StoreImage, PagedImage>();

  constructor(readonly policy: HistoryPolicy) {
    if (!Number.isInteger(policy.every) || policy.every < 1 || !Number.isInteger(policy.recent) || policy.recent < 0) {
      throw new Error(`history: bad policy ${JSON.stringify(policy)}`);
    }
    if (policy.bytesPerStep !== undefined && (!(policy.bytesPerStep > 0) || policy.recent > 0 || policy.inPlace)) {
      throw new Error(`history: bytesPerStep is for sparse checkpoints only (recent: 0, not inPlace): ${JSON.stringify(policy)}`);
    }
  }

  /**
   * Whether a checkpoint after `step` is worth taking. `exportBytes` tells what it would
   * export (asked only when the spacing depends on it: `bytesPerStep`, past `every` steps).
   */
  wants(step: number, exportBytes: () => number = () => 0): boolean {
    const { recent, every, bytesPerStep } = this.policy;
    if (recent > 0) return true;
    if (bytesPerStep === undefined) return step % every === 0;
    const since = step - (this.list[this.list.length - 1]?.step ?? 0);
    return since >= every && since * bytesPerStep >= exportBytes();
  }

  /** Adds the checkpoint after the latest step; thins the one that just left the recent window. */
  add(checkpoint: Checkpoint): void {
    this.dropAfter(checkpoint.step - 1);
    if (this.policy.inPlace && checkpoint.images) this.pageOlder(checkpoint.images);
    this.list.push(checkpoint);
    const old = checkpoint.step - this.policy.recent - 1;
    // Spaced by bytes, every checkpoint taken is a sparse one (the policy has no dense window).
    if (old > 0 && old % this.policy.every !== 0 && this.policy.bytesPerStep === undefined) {
      const index = this.indexAtOrBefore(old);
      if (index >= 0 && this.list[index]!.step === old) this.list.splice(index, 1);
    }
  }

  /**
   * Pages the images of the checkpoints before a new image checkpoint, newest first, up to
   * one already paged in full (checkpoints that shared a whole image share its pages). An image the new checkpoint shares (a store that did not
   * write since) stays whole until a later one replaces it.
   */
  private pageOlder(newest: ReadonlyMap<string, StoreImage>): void {
    for (let i = this.list.length - 1; i >= 0; i--) {
      const images = this.list[i]!.images;
      if (!images) continue;
      let todo = false;
      for (const [id, image] of images) {
        if (image instanceof PagedImage) continue;
        todo = true;
        if (newest.get(id) === image) continue;
        let done = this.pagedOf.get(image);
        if (!done) {
          done = paged(image, this.lastPaged.get(id));
          this.pagedOf.set(image, done);
          this.lastPaged.set(id, done);
        }
        images.set(id, done);
      }
      if (!todo) return;
    }
  }

  /** The latest checkpoint at or before `step`. */
  atOrBefore(step: number): Checkpoint | undefined {
    const index = this.indexAtOrBefore(step);
    return index >= 0 ? this.list[index] : undefined;
  }

  /** Forgets the light checkpoints (their window's marks were committed: nothing can restore them). */
  dropLight(): void {
    for (let i = this.list.length - 1; i >= 0; i--) if (!this.list[i]!.images) this.list.splice(i, 1);
  }

  /** Forgets checkpoints after `step` (they describe an undone future); returns them, oldest first. */
  dropAfter(step: number): Checkpoint[] {
    let keep = this.list.length;
    while (keep > 0 && this.list[keep - 1]!.step > step) keep -= 1;
    return this.list.splice(keep);
  }

  /** Puts back image checkpoints of a future being redone (each after every checkpoint kept). */
  restoreAhead(checkpoints: readonly Checkpoint[]): void {
    for (const checkpoint of checkpoints) {
      if (!checkpoint.images || checkpoint.step <= (this.list[this.list.length - 1]?.step ?? -1)) throw new Error(`history: checkpoint ${checkpoint.step} cannot go back ahead`);
      this.list.push(checkpoint);
    }
  }

  /** Steps that have a checkpoint (tests, diagnostics). */
  steps(): number[] {
    return this.list.map((c) => c.step);
  }

  private indexAtOrBefore(step: number): number {
    let lo = 0;
    let hi = this.list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.list[mid]!.step <= step) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }
}
