import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { stepTrackerValue, type WizardMoment } from '@ar/rules';
import { useAppDataProvider } from '../../api/dataProvider';
import { recordStep, WIZARD_KEYS } from './wizardApi';

/**
 * Records a wizard moment's step tracker value (`stepTrackerValue` in @ar/rules, the one table of
 * spec 001 section 4) and refreshes the session, so the stepper's reachable steps follow. Answers
 * the value recorded, or null when the moment records nothing.
 */
export function useWizardProgress(type: 'live' | 'timed' | 'bin', catalogId: number | string) {
  const dp = useAppDataProvider();
  const queryClient = useQueryClient();
  return useCallback(
    async (moment: WizardMoment, fromSummary = false, id: number | string = catalogId): Promise<number | null> => {
      const step = stepTrackerValue(type, moment, fromSummary);
      if (step === null) return null;
      await recordStep(dp, id, step);
      await queryClient.invalidateQueries({ queryKey: WIZARD_KEYS.session(String(id)) });
      return step;
    },
    [dp, queryClient, type, catalogId],
  );
}
