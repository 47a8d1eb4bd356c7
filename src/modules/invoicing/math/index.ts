/** The invoice arithmetic: pure functions on integer cents and rates in thousandths of a percent. */
export * from './errors';
export { assertCents, assertRate, sumCents, roundExact, RATE_SCALE } from './cents';
export * from './address';
export * from './premium';
export * from './live-fee';
export * from './charge-rows';
export * from './us-state-rates';
export * from './sales-tax';
export * from './line';
export * from './invoice-totals';
export * from './statuses';
export * from './pricing-sql';
