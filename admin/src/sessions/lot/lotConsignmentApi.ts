/**
 * The Lot page's consignment calls (docs/decisions/settlements.md "The Lot page's consignor and
 * override"): the lot's consignor for calendar staff, its commission override for settlement staff.
 */
import type { LotSettlementStatus } from '@ar/rules';
import type { AppDataProvider } from '../../api/dataProvider';
import type { LineOverride } from '../../settlements/settlementsApi';

export interface LotConsignmentHistory {
  id: number;
  action: 'override.set' | 'override.clear';
  before: LineOverride | null;
  after: LineOverride | null;
  note: string | null;
  userName: string;
  settlementId: number | null;
  createdAt: string;
}

/** `GET /api/lots/{id}/consignment`; the last three fields only with settlement access. */
export interface LotConsignment {
  id: number;
  consignorId: number | null;
  consignorName: string | null;
  override?: LineOverride | null;
  settlement?: { id: number; status: LotSettlementStatus } | null;
  history?: LotConsignmentHistory[];
}

/** The consignor picker's resource (react-admin, `/api/consignor-choices`). */
export const CONSIGNOR_CHOICES = 'consignor-choices';

export const consignmentKey = (catalogId: string, lotId: number) => ['lot', catalogId, 'consignment', lotId] as const;
export const consignmentPath = (lotId: number) => `/api/lots/${lotId}/consignment`;
export const overridePath = (lotId: number) => `${consignmentPath(lotId)}/override`;

export const fetchConsignment = (dp: AppDataProvider, lotId: number) => dp.call<LotConsignment>('GET', consignmentPath(lotId));

export const saveConsignor = (dp: AppDataProvider, lotId: number, consignorId: number | null) =>
  dp.call<LotConsignment>('PUT', consignmentPath(lotId), { consignorId });
