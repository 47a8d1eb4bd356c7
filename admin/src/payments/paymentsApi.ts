import type { AppDataProvider } from '../api/dataProvider';
import { housePath } from '../api/housePath';
import type { ProcessorType } from '../auth/types';

/** The app shell's existing call (spec 001 section 7): the house's processor type, fresh. */
export async function fetchProcessorType(dp: AppDataProvider, houseRef: string): Promise<ProcessorType> {
  const res = await dp.call<{ data: { 'processor-type': ProcessorType } }>('GET', housePath(houseRef, 'paymentProcessorType'));
  return res.data['processor-type'] ?? null;
}
