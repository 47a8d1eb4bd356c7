import { lazy } from 'react';

/** Its own chunk: loaded only when the report is opened. */
const CampaignReportingPage = lazy(() => import('./CampaignReportingPage').then((m) => ({ default: m.CampaignReportingPage })));

export const campaignReportingElement = <CampaignReportingPage />;
