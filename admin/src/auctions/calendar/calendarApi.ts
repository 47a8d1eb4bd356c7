/**
 * The calendar's calls besides its list (spec 001 section 7 "Calendar"): the buy-now sale, the
 * billing banners' source and Delete Session. The sales list is `auction-calendar` in
 * api/appListResources.ts.
 */
import type { AuctionTerms, BinSale, PaymentInfo } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import { housePath } from '../../api/housePath';

export const CALENDAR_KEYS = {
  binSale: (houseRef: string) => ['calendar', 'binSale', houseRef] as const,
  paymentInfo: (houseRef: string) => ['calendar', 'paymentInfo', houseRef] as const,
  terms: (houseRef: string) => ['calendar', 'terms', houseRef] as const,
  activation: (houseRef: string) => ['calendar', 'paymentRequiredActivation', houseRef] as const,
};

/** True when the house must enable payment processing before it may add a sale. */
export async function fetchPaymentRequiredActivation(dp: AppDataProvider, houseRef: string): Promise<boolean> {
  const res = await dp.call<{ data: { paymentRequiredActivation: boolean } }>('GET', housePath(houseRef, 'paymentRequiredActivation'));
  return res.data.paymentRequiredActivation;
}

export async function fetchBinSale(dp: AppDataProvider, houseRef: string): Promise<BinSale | null> {
  const res = await dp.call<{ data: { binSale: BinSale | null } }>('GET', housePath(houseRef, 'bin/sale'));
  return res.data.binSale;
}

export async function fetchPaymentInfo(dp: AppDataProvider, houseRef: string): Promise<PaymentInfo> {
  const res = await dp.call<{ data: PaymentInfo }>('GET', housePath(houseRef, 'paymentInfo'));
  return res.data;
}

export async function deleteSession(dp: AppDataProvider, catalogId: number): Promise<void> {
  await dp.call('DELETE', `/cps/app/catalog/${catalogId}`);
}

/** The terms a new sale may take (`GET /cps/app/house/{houseID}/terms`). */
export async function fetchTerms(dp: AppDataProvider, houseId: number): Promise<AuctionTerms[]> {
  const res = await dp.call<{ data: { groupSettings: AuctionTerms[] } }>('GET', `/cps/app/house/${houseId}/terms`);
  return res.data.groupSettings;
}
