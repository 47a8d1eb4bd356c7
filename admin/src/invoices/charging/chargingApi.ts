import type { AppDataProvider } from '../../api/dataProvider';
import { fetchJob, housePath, type JobView } from '../invoiceApi';
import type { InvoiceConfirmation } from './chargePlan';

/** `GET .../invoiceGroup/{group}/groupInfo/processCards`: may the house charge each invoice now. */
export async function fetchChargeableInvoices(dp: AppDataProvider, houseRef: string, groupId: number) {
  const res = await dp.call<{ data: { invoiceGroupInfo: { invoices: { invoiceID: number; canHouseProcessCards: boolean }[] } } }>(
    'GET',
    housePath(houseRef, `invoiceGroup/${groupId}/groupInfo/processCards`),
  );
  return res.data.invoiceGroupInfo.invoices;
}

type ProcessCardsAnswer = {
  data: { httpStatus: 200; data: { invoiceConfirmations: InvoiceConfirmation[] } } | { httpStatus: 202; jobId: string };
};

const JOB_POLL_MS = 1000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `POST /app/house/{houseRef}/processCards` with the ids; a large batch answers 202 with a job,
 * which is followed on `/api/jobs/{id}` (each read reported to `onProgress`) until it ends.
 * A failed call or job throws.
 */
export async function processCards(
  dp: AppDataProvider,
  houseRef: string,
  ids: number[],
  onProgress: (job: JobView) => void,
): Promise<InvoiceConfirmation[]> {
  const res = await dp.call<ProcessCardsAnswer>('POST', housePath(houseRef, 'processCards'), ids);
  if (res.data.httpStatus !== 202) return res.data.data.invoiceConfirmations;
  const jobId = res.data.jobId;
  for (;;) {
    const job = (await fetchJob(dp, jobId)) as JobView & { result?: { invoiceConfirmations?: InvoiceConfirmation[] } | null };
    onProgress(job);
    if (job.status === 'completed') return job.result?.invoiceConfirmations ?? [];
    if (job.status === 'failed') throw new Error(job.error ?? 'charge-batch failed');
    await wait(JOB_POLL_MS);
  }
}
