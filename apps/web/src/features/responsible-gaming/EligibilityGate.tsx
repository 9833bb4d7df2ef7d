import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useSession } from '../session/hooks';
import type { RefusedDeclaration } from './eligibilityAnswer';
import { EligibilityDialog } from './EligibilityDialog';
import { useLazyGetEligibilityQuery } from './rgApi';
import './responsible-gaming.css';

/** Resolves true when the player may go on with a money move (eligibility confirmed now or before). */
type EnsureEligible = () => Promise<boolean>;

const EligibilityGateContext = createContext<EnsureEligible>(() => Promise.resolve(true));

/**
 * Asks a signed-in player for date of birth, country and the terms at their first money action
 * (docs/product/player-protection.md#eligibility), in a short dialog, and lets the action go on once confirmed. The
 * server refuses money moves without it anyway (ELIGIBILITY_REQUIRED); this only spares the player a refusal. A
 * declaration already refused is explained instead, with the way to support.
 */
export function EligibilityGateProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [fetchEligibility] = useLazyGetEligibilityQuery();
  const [waiting, setWaiting] = useState<{ resolve: (ok: boolean) => void; refused: RefusedDeclaration | null } | null>(
    null,
  );

  const ensureEligible = useCallback<EnsureEligible>(async () => {
    if (session.kind !== 'signedIn') return true;
    let refused: RefusedDeclaration | null = null;
    try {
      const eligibility = await fetchEligibility(undefined, true).unwrap();
      if (eligibility.confirmed) return true;
      // A final refusal is explained (with the way to support), never offered as a form to fill again.
      if (eligibility.status === 'refused') {
        refused = {
          reason: 'underage',
          dateOfBirth: eligibility.date_of_birth,
          country: eligibility.country,
          minAge: null,
        };
      }
    } catch {
      // Unknown: let the server decide (it refuses with a clear message when needed).
      return true;
    }
    return new Promise<boolean>((resolve) => setWaiting({ resolve, refused }));
  }, [fetchEligibility, session.kind]);

  const finish = (ok: boolean) => {
    waiting?.resolve(ok);
    setWaiting(null);
  };

  return (
    <EligibilityGateContext.Provider value={ensureEligible}>
      {children}
      {waiting && <EligibilityDialog refused={waiting.refused} onDone={finish} />}
    </EligibilityGateContext.Provider>
  );
}

export function useEligibilityGate(): EnsureEligible {
  return useContext(EligibilityGateContext);
}
