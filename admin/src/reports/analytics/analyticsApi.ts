import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

export type DashboardEmbed = { configured: true; embedToken: string; embedUrl: string } | { configured: false; message: string };

/** GET {base}/house/{houseRef}/domo (spec 001 section 7 "Analytics") -> data['embed-token']. */
export async function fetchDashboardEmbed(dp: AppDataProvider, houseRef: string): Promise<DashboardEmbed> {
  const res = await dp.call<{ data: { 'embed-token': string | null; embedUrl: string | null; message?: string } }>(
    'GET',
    housePath(houseRef, 'domo'),
  );
  const { 'embed-token': embedToken, embedUrl, message } = res.data;
  return embedToken && embedUrl ? { configured: true, embedToken, embedUrl } : { configured: false, message: message ?? '' };
}
