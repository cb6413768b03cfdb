/**
 * A refusing budget as Express middleware, for whichever HTTP surface spends it (the API, the
 * music service): whose calls it counts, where it counts them, and when it refuses. How a refusal
 * answers is the surface's own.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';

/** The request's address as budgets count it: IPv6 by its /64, so one home network is one address. */
export const addressOf = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown', 64);

/**
 * Where budgets are counted: in this process unless `shareBudgets` was called at start with a store
 * in the database, which every process on it then shares. Each budget is named by its rule (or
 * `name`), so two routes with the same rule and message share one budget.
 */
let sharedStore: ((name: string) => Store) | null = null;

export function shareBudgets(store: (name: string) => Store): void {
  sharedStore = store;
}

/** Where the budget named `name` is counted: the shared store, or (without one) express-rate-limit's own memory. */
const budgetStore = (name: string): { store?: Store } => (sharedStore ? { store: sharedStore(name) } : {});

export interface BudgetOptions {
  limit: number;
  windowMs: number;
  message: string;
  name?: string;
  /** Whose budget a request spends. */
  keyGenerator: (req: Request) => string;
  /** Calls this budget does not count. */
  skip?: (req: Request) => boolean;
  /** Answers a call over the budget, in the surface's own shape. */
  refuse: (req: Request, res: Response) => void;
}

export function budget({ limit, windowMs, message, name, keyGenerator, skip, refuse }: BudgetOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    keyGenerator,
    ...(skip ? { skip } : {}),
    ...budgetStore(name ?? `${limit}/${windowMs}/${message}`),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: refuse,
  });
}

/** Seconds until a refused call's window ends: its Retry-After. */
export function secondsLeft(req: Request, windowMs: number): number {
  const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  return reset ? Math.max(1, Math.ceil((+reset - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
}
