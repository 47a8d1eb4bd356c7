import type { GetListParams, GetListResult } from 'react-admin';
import {
  DISPUTE_FILTERS,
  type DisputeAction,
  type DisputeFilter,
  type DisputeLot,
  type DisputeMessage,
  type DisputeType,
  type DisputeView,
} from '@ar/rules';
import { housePath } from '../../api/housePath';

/** The react-admin list resource of the View Disputes screen: the spec's filter calls, a page at a time. */
export { DISPUTES } from '../../api/appListResources';

/** A dispute as a list record (id = disputeID). */
export type DisputeRecord = DisputeView & { id: number };

type Call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

export const filterPath = (f: DisputeFilter) => DISPUTE_FILTERS.find((x) => x.value === f)?.path ?? 'openDisputes';

/** `GET openDisputes | pastDisputes?days= | disputes` with page and size; filter `{ houseRef, filter }`. */
export async function getDisputesList(call: Call, { pagination, filter }: GetListParams): Promise<GetListResult> {
  const { page = 1, perPage = 50 } = pagination ?? {};
  const path = filterPath((filter?.filter as DisputeFilter) ?? 'open');
  const sep = path.includes('?') ? '&' : '?';
  const res = await call<{ data: { disputes: DisputeView[]; totalRecords: number } }>(
    'GET',
    housePath(String(filter?.houseRef ?? ''), `${path}${sep}page=${page}&size=${perPage}`),
  );
  return { data: res.data.disputes.map((d): DisputeRecord => ({ ...d, id: d.disputeInfo.disputeID })), total: res.data.totalRecords };
}

export const disputeCalls = (call: Call, houseRef: string) => ({
  one: async (ref: string) =>
    (await call<{ data: { dispute: DisputeView } }>('GET', housePath(houseRef, `dispute/${encodeURIComponent(ref)}`))).data.dispute,
  messages: async (id: number) =>
    (await call<{ data: { messages: DisputeMessage[] } }>('GET', housePath(houseRef, `dispute/messages/${id}`))).data.messages,
  types: async () =>
    (await call<{ data: { disputeTypes: DisputeType[]; mutualResolution: DisputeType[] } }>('GET', housePath(houseRef, 'disputeTypes')))
      .data,
  lots: async (lotRefs: string[]) =>
    (await call<{ data: { lots: DisputeLot[] } }>('POST', housePath(houseRef, 'disputes/lots'), { lotRefs })).data.lots,
  act: async (body: {
    action: DisputeAction;
    disputeIDs?: number[];
    transactionIDs?: number[];
    message: string;
    reasonID?: number;
    houseUserRef?: string;
  }) => (await call<{ data: { success: boolean; message: string } }>('POST', housePath(houseRef, 'disputes'), body)).data,
  acceptTerms: async () => call('POST', housePath(houseRef, 'acceptDisputeTerms'), { accepted: true }),
});

/** What View Disputes hands the confirm page in navigation state. */
export interface DisputeActionState {
  disputes: DisputeRecord[];
  action: Exclude<DisputeAction, 'open'>;
  message: string;
}
