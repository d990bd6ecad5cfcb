/**
 * A World's node databases: which are open, which wait as an image, each one's latest
 * image, and the step marks of the in-place undo window.
 *
 * Stores open lazily: a World made from images (cached post-setup images, a fork) or put
 * back to an image checkpoint keeps a node's image and opens its database on first use, so
 * fork and undo cost what they touch. While the invariant runner judges, a store not opened
 * is read through a reader shared by every World holding the same image (below).
 *
 * The marks are kept here, not in the timeline that decides the window, because a mark is
 * taken from inside a store's transaction (`beforeTransaction`): the level to mark at is
 * handed down when a step starts, so a write never has to call back up into the timeline.
 */
import { requireSqlJs } from '../../core/db/sqljs';
import { Store } from '../../core/db/store';
import type { StoreImage } from '../history';
import type { NodeSpec } from '../model';
import type { WorldCore } from './state';

export class NodeStores {
  private readonly open = new Map<string, Store>();
  /**
   * Stores not opened yet, as the image they would open from: a World made from images
   * (cached post-setup images, a fork) or put back to a checkpoint opens a node's database
   * only when something reads or writes it, so a fork or an undo costs what it touches.
   */
  private readonly unopened = new Map<string, Uint8Array>();
  /** Each store's latest exported image, reused while the store has not written since. */
  private readonly lastImages = new Map<string, StoreImage>();
  /** True while the invariant runner judges a step: a store not opened is read through a shared reader. */
  private judging = false;
  /** True while a probe runs: every store holds a savepoint (one opened meanwhile too) that the probe's end rolls back. */
  private holding = false;
  /** The window level a step's first write to a store marks it at, or null outside a step of the window. */
  private markLevel: number | null = null;
  /**
   * The window levels of each store's marks, ascending. A store is marked only before its
   * first write of a step, so a store a step only reads costs nothing, and one not written
   * since level L is at level L what it is now.
   */
  private readonly markLevels = new Map<string, number[]>();

  /**
   * `settle` is the one call back up: a store asked for its bytes while it holds marks (an
   * image, a fork, an inspector query's copy, which come from outside the World too) must
   * first have the window closed, and closing it is the timeline's decision.
   */
  constructor(private readonly core: WorldCore, private readonly settle: () => void) {}

  /** Opens every node's store: from its image when `images` has one (lazily), else fresh. */
  openAll(images?: ReadonlyMap<string, Uint8Array>): void {
    for (const node of this.core.nodes) {
      const image = images?.get(node.id);
      if (image) this.closeAs(node.id, image);
      else this.open.set(node.id, this.openStore(node, undefined));
    }
  }

  store(node: string): Store {
    const store = this.open.get(node);
    if (store) return store;
    const image = this.unopened.get(node);
    if (!image) throw new Error(`no node '${node}'`);
    if (this.judging) return readerOf(this.core.nodes.find((n) => n.id === node)!, image);
    const opened = this.openStore(this.core.nodes.find((n) => n.id === node)!, image);
    this.unopened.delete(node);
    this.open.set(node, opened);
    if (this.holding) opened.hold();
    return opened;
  }

  /** The nodes whose database is open now (tests: what a step opened). */
  keys(): IterableIterator<string> {
    return this.open.keys();
  }

  /** True when store `id` holds exactly `saved`'s bytes (never written since that image was taken or opened). */
  holds(id: string, saved: StoreImage): boolean {
    const current = this.open.get(id);
    if (!current) return this.unopened.get(id) === saved.image;
    if (saved.store === current) return saved.generation === current.writeGeneration;
    const last = this.lastImages.get(id);
    return last !== undefined && last.image === saved.image && last.store === current && last.generation === current.writeGeneration;
  }

  /** Leaves `id` unopened, to open from `image` on first use (its current Store, if any, is closed). */
  closeAs(id: string, image: Uint8Array): void {
    this.open.get(id)?.close();
    this.open.delete(id);
    this.markLevels.delete(id);
    this.unopened.set(id, image);
    this.lastImages.set(id, { store: null, generation: -1, image });
  }

  /** A store's current bytes: its last image if it has not written since, else a fresh export. */
  imageOf(id: string): StoreImage {
    if (this.unopened.has(id)) return this.lastImages.get(id)!;
    const store = this.store(id);
    const last = this.lastImages.get(id);
    if (last && last.store === store && last.generation === store.writeGeneration) return last;
    const fresh = { store, generation: store.writeGeneration, image: store.export() };
    this.lastImages.set(id, fresh);
    return fresh;
  }

  /** Every node's current bytes, shared (a fork opens from them; images are never written to). */
  currentImages(): Map<string, Uint8Array> {
    const images = new Map<string, Uint8Array>();
    for (const node of this.core.nodes) images.set(node.id, this.imageOf(node.id).image);
    return images;
  }

  /** Every node's database image, by node ID (copies: the World keeps its own). */
  images(): Record<string, Uint8Array> {
    const out: Record<string, Uint8Array> = {};
    for (const node of this.core.nodes) out[node.id] = this.imageOf(node.id).image.slice();
    return out;
  }

  /**
   * About what an image checkpoint now would export: each open store written since its last
   * image, at that image's size (the history's spacing by bytes; no export, no query).
   */
  exportBytes(): number {
    let bytes = 0;
    for (const [id, store] of this.open) {
      const last = this.lastImages.get(id);
      if (last && (last.store !== store || last.generation !== store.writeGeneration)) bytes += last.image.length;
    }
    return bytes;
  }

  dispose(): void {
    for (const store of this.open.values()) store.close();
    this.open.clear();
    this.unopened.clear();
    this.lastImages.clear();
  }

  // ── Judging: stores not opened are read through shared readers ─────────────────────────

  startJudging(): void {
    this.judging = true;
  }

  /** Ends a judgement; the shared readers are trimmed now, never during one (a check may still hold a reader). */
  stopJudging(): void {
    this.judging = false;
    trimReaders();
  }

  // ── A probe's hold: one outer savepoint per store ──────────────────────────────────────

  get held(): boolean {
    return this.holding;
  }

  holdAll(): void {
    this.holding = true;
    for (const store of this.open.values()) store.hold();
  }

  /** Rolls every held store back to its hold (a store opened during the probe: to the image it opened from). */
  letGoAll(): void {
    for (const store of this.open.values()) if (store.isHeld) store.letGo();
    this.holding = false;
  }

  // ── Step marks (the in-place undo window) ──────────────────────────────────────────────

  /** From now on, a store's first write of the step marks it at window level `level`; null stops marking. */
  markWritesAt(level: number | null): void {
    this.markLevel = level;
  }

  /**
   * Rolls every open store back to window level `level` (the state before the window's
   * `level`-th step): to its first mark at or after that level. A store without one was not
   * written since: it already is what it was then (unopened stores included).
   */
  rollbackMarks(level: number): void {
    for (const [id, levels] of this.markLevels) {
      const index = levels.findIndex((l) => l >= level);
      if (index < 0) continue;
      this.open.get(id)!.rollbackTo(index + 1);
      levels.length = index;
    }
  }

  /** Commits every store's marks. */
  releaseMarks(): void {
    for (const store of this.open.values()) store.releaseMarks();
    this.markLevels.clear();
  }

  /** Forgets the mark levels (every store already rolled back past them). */
  forgetMarks(): void {
    this.markLevels.clear();
  }

  /** Before a store's transaction: inside a step of the window, its first write of the step marks it. */
  private markBeforeWrite(id: string): void {
    if (this.markLevel === null) return;
    const level = this.markLevel;
    const levels = this.markLevels.get(id) ?? [];
    if (levels[levels.length - 1] === level) return;
    this.open.get(id)!.mark();
    levels.push(level);
    this.markLevels.set(id, levels);
  }

  private openStore(node: NodeSpec, image: Uint8Array | undefined): Store {
    const store = new Store(requireSqlJs(), node.id, node.schema, {
      ...(image ? { image } : {}),
      onTransaction: (record) => this.core.recording?.transactions.push(record),
      onExportWhileMarked: () => this.settle(),
      beforeTransaction: () => this.markBeforeWrite(node.id),
    });
    if (image) this.lastImages.set(node.id, { store, generation: store.writeGeneration, image });
    return store;
  }
}

/**
 * Read-only connections to images, shared by every World that holds the image unopened:
 * the invariant runner reads a store the step did not open through one, so a store that a
 * fork's child (or a World put back to a checkpoint) only has judged is opened once for all
 * of them, with its statements prepared once. Images never change, so neither do these.
 * Trimmed to the most recently used READERS after each judgement, never during one (a check
 * may still hold a reader).
 */
const READERS = 4;
const readers = new Map<Uint8Array, Store>();

function readerOf(node: NodeSpec, image: Uint8Array): Store {
  const known = readers.get(image);
  if (known) {
    readers.delete(image);
    readers.set(image, known);
    return known;
  }
  const reader = new Store(requireSqlJs(), node.id, node.schema, {
    image,
    beforeTransaction: () => { throw new Error(`World: an invariant tried to write '${node.id}' (invariants only read)`); },
  });
  readers.set(image, reader);
  return reader;
}

function trimReaders(): void {
  for (const [image, reader] of readers) {
    if (readers.size <= READERS) return;
    reader.close();
    readers.delete(image);
  }
}
