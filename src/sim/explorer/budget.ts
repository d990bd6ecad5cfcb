/**
 * What one run has spent of the adversary's budget (crashes armed, frames dropped or
 * duplicated, links cut). Part of a search state: the same World with more budget left
 * can reach more, so it is not the same search state.
 */
import type { ModelAction } from '../model';

export interface Budget {
  crashes: number;
  drops: number;
  duplicates: number;
  partitions: number;
}

export const EMPTY_BUDGET: Budget = { crashes: 0, drops: 0, duplicates: 0, partitions: 0 };

/** The budget after `action` (unchanged for actions that cost nothing). */
export function spend(budget: Budget, action: ModelAction): Budget {
  switch (action.type) {
    case 'crash_at': return { ...budget, crashes: budget.crashes + 1 };
    case 'drop': return { ...budget, drops: budget.drops + 1 };
    case 'duplicate': return { ...budget, duplicates: budget.duplicates + 1 };
    case 'partition': return { ...budget, partitions: budget.partitions + 1 };
    default: return budget;
  }
}

export function budgetOf(actions: readonly ModelAction[]): Budget {
  return actions.reduce(spend, EMPTY_BUDGET);
}

export function budgetKey(budget: Budget): string {
  return `${budget.crashes}.${budget.drops}.${budget.duplicates}.${budget.partitions}`;
}
