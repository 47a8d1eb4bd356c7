import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';
import type { CampaignRow } from '@ar/rules';

export type { CampaignRow };

export async function fetchCampaigns(dp: AppDataProvider, houseRef: string): Promise<CampaignRow[]> {
  const res = await dp.call<{ data: { campaigns: CampaignRow[] } }>('GET', housePath(houseRef, 'campaignReport'));
  return res.data.campaigns;
}

/** Share of a whole as a whole percent ('—' for nothing to compare). */
export function share(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}
