/**
 * The height each node of a diagram is laid out with, from the heights React Flow measured.
 *
 * A node's lines come from the running World, so its height is known only once it is drawn,
 * and it changes as the World runs. A fixed reserve per node (room for lines to come) made
 * a graph of several rows much taller than its nodes: in the lecture cell L05's topology
 * scrolled by about 370 px. Instead the layout takes each node's measured height (at least
 * the `floor` the diagram gives it), and is laid out again only
 *
 * - when fitting: a node measured for the first time in this structure is taller than its
 *   box (the floor stood in for it);
 * - with `regrow`, when a node outgrows the box the layout on screen gave it as the World
 *   runs. Never when a node shrinks (a step back, a reset, a scenario opened from its start):
 *   the box keeps the tallest height measured, so nodes do not move back and forth while the
 *   learner steps through a run and back. A node gaining a line inside its box (the floor
 *   leaves room) moves nothing either.
 *
 * Without `regrow` (a box that follows the graph's shape: a new layout would resize it and
 * shift the page under a learner who is stepping) a node that grows during the run stays in
 * its box's room, the floor, as before. A new structure (another lab, a switch, presenter
 * view, another screen) is laid out from the heights measured last: fitted afresh, not to the
 * tallest of an earlier run.
 *
 * Measured heights are kept per node size (`size`: the node's width and text scale); at
 * another size the node's own measurement is awaited, the floor standing in until then.
 */
export type Measured = { id: string; height: number };

export class NodeRoom {
  private size: string | null = null;
  private structure: string | null = null;
  /** Each node's height as last measured at `size`. */
  private latest = new Map<string, number>();
  /** Each node's tallest height measured since `structure` was laid out. */
  private tallest = new Map<string, number>();
  /** The heights the layout on screen gave the nodes. */
  private laidOut = new Map<string, number>();
  /** The nodes measured since `structure` was laid out. */
  private seen = new Set<string>();
  private regrow = true;

  /** The height to lay node `id` out with: its tallest measured height since `structure` was first laid out, at least `floor`. */
  heightOf(id: string, floor: number): number {
    return Math.max(this.tallest.get(id) ?? 0, floor);
  }

  /** Starts a layout of `structure` with nodes of `size`; call before `heightOf`. `regrow`: lay out again when a node outgrows its box during the run. */
  begin(structure: string, size: string, regrow: boolean): void {
    this.regrow = regrow;
    if (size !== this.size) {
      this.size = size;
      this.latest = new Map();
    }
    if (structure !== this.structure) {
      this.structure = structure;
      this.tallest = new Map(this.latest);
      this.seen = new Set();
    }
  }

  /** The heights the layout now drawn gave the nodes. */
  laid(nodes: readonly Measured[]): void {
    this.laidOut = new Map(nodes.map((n) => [n.id, n.height]));
  }

  /** Records measured heights; true when a node is taller than its box in the layout drawn (lay it out again). */
  measured(sizes: readonly Measured[]): boolean {
    let outgrown = false;
    for (const { id, height } of sizes) {
      this.latest.set(id, height);
      const fitting = !this.seen.has(id);
      this.seen.add(id);
      if (!fitting && !this.regrow) continue;
      this.tallest.set(id, Math.max(this.tallest.get(id) ?? 0, height));
      const box = this.laidOut.get(id);
      if (box !== undefined && height > box + 0.5) outgrown = true;
    }
    return outgrown;
  }
}
