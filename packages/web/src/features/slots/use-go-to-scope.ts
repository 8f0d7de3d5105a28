import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ScopeChoice } from './scope-bar';

/** Goes to the deepest screen a choice names: the store's (or region's) windows, or the mode's chooser. */
export function useGoToScope() {
  const navigate = useNavigate();
  return useCallback(
    ({ mode, locationId, regionId }: ScopeChoice) => {
      if (mode && locationId !== null && regionId !== null)
        return navigate({ to: '/logistic/slots/$mode/$locationId/$regionId', params: { mode, locationId: String(locationId), regionId: String(regionId) } });
      if (mode && locationId !== null) return navigate({ to: '/logistic/slots/$mode/$locationId/', params: { mode, locationId: String(locationId) } });
      if (mode) return navigate({ to: '/logistic/slots/$mode/', params: { mode } });
      return navigate({ to: '/logistic/slots/' });
    },
    [navigate],
  );
}
