import { lazy, type ComponentType } from 'react';
import { StepPlaceholder } from './StepPlaceholder';
import type { WizardStepProps } from './wizardContext';

const BasicsStep = lazy(() => import('./BasicsStep').then((m) => ({ default: m.BasicsStep })));
const DetailsStep = lazy(() => import('./DetailsStep').then((m) => ({ default: m.DetailsStep })));

/**
 * The live/timed wizard's steps by number: the ONE place a step is plugged in. Steps 3-6 (upload
 * items, upload images, preview, review & publish) are placeholders until their screens exist.
 */
export const LIVE_TIMED_STEP_COMPONENTS: Record<number, ComponentType<WizardStepProps>> = {
  1: BasicsStep,
  2: DetailsStep,
  3: StepPlaceholder,
  4: StepPlaceholder,
  5: StepPlaceholder,
  6: StepPlaceholder,
};
