import { lazy, type ComponentType } from 'react';
import type { WizardStepProps } from './wizardContext';

const BasicsStep = lazy(() => import('./BasicsStep').then((m) => ({ default: m.BasicsStep })));
const DetailsStep = lazy(() => import('./DetailsStep').then((m) => ({ default: m.DetailsStep })));
// The preview and summary screens are shared with the bin wizard: they take numeric ids.
const PreviewStep = lazy(() =>
  import('../preview/PreviewStep').then((m) => ({
    default: (p: WizardStepProps) => <m.PreviewStep type={p.type} groupId={Number(p.groupID)} catalogId={Number(p.catalogID)} />,
  })),
);
const BinDetailsStep = lazy(() => import('../bin/BinDetailsStep').then((m) => ({ default: m.BinDetailsStep })));
const UploadItemsStep = lazy(() => import('../upload-steps').then((m) => ({ default: m.UploadItemsStep })));
const ImageUploadStep = lazy(() => import('../upload-steps').then((m) => ({ default: m.ImageUploadStep })));
const SummaryStep = lazy(() =>
  import('../summary/SummaryStep').then((m) => ({
    default: (p: WizardStepProps) => <m.SummaryStep type={p.type} groupId={Number(p.groupID)} catalogId={Number(p.catalogID)} />,
  })),
);

/**
 * The live/timed wizard's steps by number: the ONE place a step is plugged in.
 */
export const LIVE_TIMED_STEP_COMPONENTS: Record<number, ComponentType<WizardStepProps>> = {
  1: BasicsStep,
  2: DetailsStep,
  3: UploadItemsStep,
  4: ImageUploadStep,
  5: PreviewStep,
  6: SummaryStep,
};

/** The bin (buy-now) wizard's steps: 1 Sale Details, 2 Upload Items, 3 Upload Images, 4 Preview, 5 Summary. */
export const BIN_STEP_COMPONENTS: Record<number, ComponentType<WizardStepProps>> = {
  1: BinDetailsStep,
  2: UploadItemsStep,
  3: ImageUploadStep,
  4: PreviewStep,
  5: SummaryStep,
};
