import type { SessionDefinition } from '@ar/rules';

/** Where the user came from (navigation state `from`): screens return there. */
export type WizardFrom = 'step4' | 'step5' | 'step6' | 'summary' | null;

/** What every step of the wizard (live/timed, or bin) receives from the shell. */
export interface WizardStepProps {
  type: 'live' | 'timed' | 'bin';
  groupID: string;
  /** '0' while the session does not exist yet (step 1 of a new session). */
  catalogID: string;
  step: number;
  houseId: number;
  /** The session definition (null for a new session). */
  session: SessionDefinition | null;
  from: WizardFrom;
  /** Arrived from the summary: saves return there ("Save & Return to Summary"). */
  fromSummary: boolean;
  /** Opens a step of this session (or of the one just created). */
  goToStep: (step: number, catalogId?: number | string) => void;
  /** Save & Exit's destination. */
  exit: () => void;
}

/** The live/timed steps' sale type: they are only in the live/timed map (wizardSteps.tsx). */
export const liveTimedType = (t: WizardStepProps['type']): 'live' | 'timed' => (t === 'timed' ? 'timed' : 'live');

export const SAVE_EXIT_PATH = '/my-auctions/current';
