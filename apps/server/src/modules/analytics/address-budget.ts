// Per-address budgets for what readers add to the public counters: views, 30-second reads,
// shares, bookmark events and ratings. Session ids are the client's to invent, so only the
// client's address (request.clientKey: through the trusted proxies only, an IPv6 one cut to its
// network) can bound what one client adds. The counters sit in the settings table, one fixed
// window per address, kind and budget (as the Telegram sign-in attempts do), so every web process
// and a restart count on; the address is kept only as a keyed hash, and spent counters are swept.
import type { Db } from '@chapar/db';
import { secondsUntilLeaves } from '../../errors.ts';
import { analyticsRepo } from './repo.ts';

export interface AddressBudget { readonly windowMs: number; readonly max: number }

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * New entries one address may add. Generous per minute for the hundreds of readers a mobile
 * carrier puts behind one address (carrier-grade NAT is common on our readers' networks), lower
 * on average over the hour, and far below a script's thousands. Shortest window first: a refusal
 * by a later one gives the earlier slot back.
 */
export const ADDRESS_BUDGETS = {
  view: [{ windowMs: MINUTE, max: 240 }, { windowMs: HOUR, max: 3600 }],
  view_30s: [{ windowMs: MINUTE, max: 240 }, { windowMs: HOUR, max: 3600 }],
  share: [{ windowMs: MINUTE, max: 60 }, { windowMs: HOUR, max: 600 }],
  bookmark: [{ windowMs: MINUTE, max: 60 }, { windowMs: HOUR, max: 600 }],
  rating: [{ windowMs: MINUTE, max: 30 }, { windowMs: HOUR, max: 300 }],
} as const satisfies Record<string, readonly AddressBudget[]>;
export type BudgetKind = keyof typeof ADDRESS_BUDGETS;

export const BUDGET_KEY_PREFIX = 'reader-limit:';
const LONGEST_WINDOW_MS = Math.max(...Object.values(ADDRESS_BUDGETS).flat().map((b) => b.windowMs));
const SWEEP_EVERY_MS = 10 * MINUTE;
let lastSweep = -Infinity;

/** The settings key of one budget's counter: 'reader-limit:view:60:<32 hex>' (at most 80 characters). */
const budgetKey = (kind: BudgetKind, budget: AddressBudget, clientHash: string) =>
  `${BUDGET_KEY_PREFIX}${kind}:${budget.windowMs / 1000}:${clientHash.slice(0, 32)}`;

/**
 * Takes one from each of the kind's budgets for the address (`clientHash`, a keyed hash of
 * request.clientKey). 0 when taken; else the seconds until the full budget has room (Retry-After),
 * and the caller must roll back what this transaction took.
 */
export async function takeFromAddressBudget(tx: Db, kind: BudgetKind, clientHash: string, now = Date.now()): Promise<number> {
  for (const budget of ADDRESS_BUDGETS[kind]) {
    const since = await analyticsRepo.claimBudgetSlot(tx, budgetKey(kind, budget, clientHash), budget.max, new Date(now), new Date(now - budget.windowMs));
    if (since) return secondsUntilLeaves(since.getTime(), budget.windowMs, now);
  }
  return 0;
}

/** Drops the counters whose every window has ended (none taken for the longest window). */
export async function sweepSpentBudgets(db: Db, now = Date.now()): Promise<number> {
  return analyticsRepo.dropBudgetsIdleSince(db, BUDGET_KEY_PREFIX, new Date(now - LONGEST_WINDOW_MS));
}

/**
 * The sweep, at most once per SWEEP_EVERY_MS in a process. Called outside any transaction: on
 * its own it holds its locks only for the one statement, and it skips counters in use.
 */
export async function sweepSpentBudgetsWhenDue(db: Db, now = Date.now()): Promise<void> {
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await sweepSpentBudgets(db, now);
}
