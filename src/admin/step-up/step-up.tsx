// The step-up (docs/decisions/039-step-up.md): a call that can take an account (turning the second
// factor on, new recovery codes, a new password, a member's role, disable, password or second factor
// reset) answers 403 `step-up-required` unless the session confirmed it is its member in the last 5
// minutes. `useStepUp()` runs such a call; on that refusal it asks, in a dialog, for the password (or
// a code, when the member has a second factor), then makes the call once more. Closing the dialog
// leaves the refusal as the call's answer: nothing was changed.
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ACCOUNT_REASONS } from '../../contracts/account-reasons';

// Loaded when first asked: most sessions never step up.
const StepUpModal = lazy(() => import('./step-up-modal'));

type RunWithStepUp = <T>(call: () => Promise<T>) => Promise<T>;

/** Without the provider (a component test of one screen), calls run as they are. */
const StepUpContext = createContext<RunWithStepUp>((call) => call());

/** Whether a refusal is the step-up's: the call needs the member to confirm it is them first. */
export function isStepUpRequired(error: unknown): boolean {
  return (error as { reason?: unknown } | undefined)?.reason === ACCOUNT_REASONS.stepUpRequired;
}

/** The dialog's outcome for the calls waiting on it. */
type Asking = { promise: Promise<boolean>; settle: (isConfirmed: boolean) => void };

/** Holds the step-up dialog for every screen under it; one dialog at a time, shared by the calls that wait on it. */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [isAsking, setIsAsking] = useState(false);
  const asking = useRef<Asking | null>(null);

  /** Opens the dialog, or joins the one open; true once the member confirmed it is them. */
  const ask = useCallback((): Promise<boolean> => {
    if (!asking.current) {
      let settle: (isConfirmed: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((resolve) => (settle = resolve));
      asking.current = { promise, settle };
      setIsAsking(true);
    }
    return asking.current.promise;
  }, []);

  const finish = useCallback((isConfirmed: boolean) => {
    asking.current?.settle(isConfirmed);
    asking.current = null;
    setIsAsking(false);
  }, []);

  const run = useCallback<RunWithStepUp>(
    async (call) => {
      try {
        return await call();
      } catch (error) {
        if (!isStepUpRequired(error) || !(await ask())) throw error;
        return call();
      }
    },
    [ask],
  );

  const value = useMemo(() => run, [run]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      {isAsking && (
        <Suspense fallback={null}>
          <StepUpModal onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
        </Suspense>
      )}
    </StepUpContext.Provider>
  );
}

/** Runs a call, asking the member to confirm it is them when the call needs it, then making it again. */
export function useStepUp(): RunWithStepUp {
  return useContext(StepUpContext);
}
