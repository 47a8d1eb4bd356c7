import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

/** One session's featured-item campaign (GET /app/house/{houseRef}/campaignReport; money in cents). */
export interface CampaignRow {
  catalogRef: string;
  title: string;
  saleType: string;
  eventDate: string;
  currencyCode: string;
  featuredLots: number;
  featuredBids: number;
  featuredSold: number;
  featuredHammerCents: number;
  lots: number;
  bids: number;
  sold: number;
  hammerCents: number;
}

export async function fetchCampaigns(dp: AppDataProvider, houseRef: string): Promise<CampaignRow[]> {
  const res = await dp.call<{ data: { campaigns: CampaignRow[] } }>('GET', housePath(houseRef, 'campaignReport'));
  return res.data.campaigns;
}

/** Share of a whole as a whole percent ('—' for nothing to compare). */
export function share(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '—';
}
