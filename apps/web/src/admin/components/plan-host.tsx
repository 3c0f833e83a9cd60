// One plan dialog for the whole admin area: whichever screen starts a bulk job (or opens a
// waiting plan from the operations list), the same dialog asks before anything changes.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { OperationAnswer } from '../lib/operation-answer.ts';
import type { PendingPlan } from '../lib/plans.ts';
import { PlanDialog } from './plan-dialog.tsx';

type ShowPlan = (pending: PendingPlan, onDone?: (answer: OperationAnswer) => void) => void;

const PlanContext = createContext<ShowPlan | null>(null);

export function PlanHost({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<{ pending: PendingPlan; onDone?: (answer: OperationAnswer) => void } | null>(null);
  const show = useCallback<ShowPlan>((pending, onDone) => setShown({ pending, onDone }), []);
  const value = useMemo(() => show, [show]);
  return (
    <PlanContext.Provider value={value}>
      {children}
      <PlanDialog key={shown?.pending.operationId} pending={shown?.pending ?? null} onDone={shown?.onDone} onClose={() => setShown(null)} />
    </PlanContext.Provider>
  );
}

/** Opens the plan dialog; outside a PlanHost (a screen's own test) it does nothing. */
export function useShowPlan(): ShowPlan {
  return useContext(PlanContext) ?? (() => undefined);
}
