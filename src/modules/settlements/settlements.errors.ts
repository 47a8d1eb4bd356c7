/**
 * Errors of consignors, commission plans and settlements: one code enum, each with its kind, so
 * the global filter answers the right status. Texts are ours (the spec has no settlements; see
 * docs/settlements.md and docs/decisions/settlements.md).
 */
import { LOT_CONSIGNMENT_TEXT } from '@ar/rules';
import { DomainError, ErrorKind } from '../../core/errors/domain-error';

export enum SettlementsErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  INVALID_PLAN = 'INVALID_PLAN',
  NOT_FOUND = 'NOT_FOUND',
  NO_CONSIGNED_LOTS = 'NO_CONSIGNED_LOTS',
  NO_COMMISSION_PLAN = 'NO_COMMISSION_PLAN',
  NOT_DRAFT = 'NOT_DRAFT',
  NOT_READY = 'NOT_READY',
  ALREADY_PAID = 'ALREADY_PAID',
  OVERPAID = 'OVERPAID',
  NOTHING_TO_PAY = 'NOTHING_TO_PAY',
  STALE_VERSION = 'STALE_VERSION',
  NO_EMAIL = 'NO_EMAIL',
  NO_CONSIGNOR = 'NO_CONSIGNOR',
  LOT_SETTLED = 'LOT_SETTLED',
}

const KIND: Record<SettlementsErrorCode, ErrorKind> = {
  VALIDATION_FAILED: 'validation',
  INVALID_PLAN: 'validation',
  NOT_FOUND: 'not_found',
  NO_CONSIGNED_LOTS: 'conflict',
  NO_COMMISSION_PLAN: 'conflict',
  NOT_DRAFT: 'conflict',
  NOT_READY: 'conflict',
  ALREADY_PAID: 'conflict',
  OVERPAID: 'conflict',
  NOTHING_TO_PAY: 'conflict',
  STALE_VERSION: 'conflict',
  NO_EMAIL: 'conflict',
  NO_CONSIGNOR: 'conflict',
  LOT_SETTLED: 'conflict',
};

export class SettlementsError extends DomainError {
  constructor(code: SettlementsErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(KIND[code], code, message, fieldErrors);
    this.name = 'SettlementsError';
  }
}

export const SETTLEMENT_TEXT = {
  consignorNotFound: 'Consignor not found.',
  planNotFound: 'Commission plan not found.',
  settlementNotFound: 'Settlement not found.',
  saleNotFound: 'Sale not found.',
  lotNotFound: 'Lot not found.',
  noConsignedLots: 'No lot of this sale has a consignor.',
  noPlan: (consignor: string) => `No commission plan applies to consignor "${consignor}": set a house default plan.`,
  notDraft: 'Only a draft settlement can be changed.',
  notReady: 'Only a ready settlement can be paid: mark it ready first.',
  alreadyPaid: 'This settlement is already paid.',
  overpaid: (balance: string) => `The payout is more than the balance due (${balance}).`,
  belowZero: 'A correction cannot take the amount paid below zero.',
  nothingToPay: 'The consignor owes the house: there is nothing to pay.',
  stale: 'The record was changed by someone else. Reload it and try again.',
  defaultPlanExists: 'The house already has a default commission plan.',
  salePlanExists: 'This sale already has a commission plan.',
  planScope: 'A plan is either the house default or a sale plan, not both.',
  noEmail: 'The consignor has no email address: add one to the consignor to email the statement.',
  rangeOrder: 'The end date must be on or after the start date.',
  noLotsInRange: 'This consignor has no lot in a sale between these dates.',
  mixedCurrencies: 'The sales between these dates use more than one currency: settle them by sale.',
  runFailed: 'The settlements could not be created.',
  noConsignor: LOT_CONSIGNMENT_TEXT.noConsignor,
  lotSettledCommission: LOT_CONSIGNMENT_TEXT.settledCommission,
  lotSettledConsignor: LOT_CONSIGNMENT_TEXT.settledConsignor,
} as const;
