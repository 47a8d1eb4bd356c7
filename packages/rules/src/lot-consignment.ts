/**
 * The Lot page's consignment texts (issue 17): the server refuses with them and the admin says the
 * same before a click would be refused. Written once here (docs/decisions/settlements.md).
 */
export type LotSettlementStatus = 'draft' | 'ready' | 'paid';

export const LOT_CONSIGNMENT_TEXT = {
  noConsignor: "Choose the lot's consignor first: a commission override is agreed with the consignor.",
  /** The lot's line is on a ready or paid settlement: frozen, as on the settlement screen. */
  settledCommission: (settlementId: number, status: LotSettlementStatus) =>
    `This lot is on settlement S-${settlementId}, which is ${status}: only a draft settlement can be changed.`,
  /** A settled lot (any status) keeps its consignor: a draft would keep the lot under the old one. */
  settledConsignor: (settlementId: number, status: LotSettlementStatus) =>
    `This lot is on settlement S-${settlementId} (${status}): its consignor cannot change.`,
  consignorInvalid: 'Consignor must be a consignor id, or null for none.',
} as const;
