// Rules and texts both faces need: the server (validation, answers) and the admin (forms). Pure
// TypeScript with no dependencies, so the admin bundle and the server import the same module.
export * from './country-codes';
export * from './email';
export * from './location-labels';
export * from './location-rules';
export * from './house-address';
export * from './template-rules';
export * from './template-texts';
export * from './charge-rules';
export * from './home-summary';
export * from './invoice-preview';
export * from './invoice-document';
export * from './charge-texts';
export * from './calendar-dates';
export * from './auto-charge';
export * from './invoice-sending';
export * from './mail-outbox';
export * from './refund-texts';
export * from './payments-panel';
export * from './sales-calendar';
export * from './sales-tax-report';
export * from './password-rules';
export * from './staff-users';
export * from './sale-results';
export * from './lot-rules';
export * from './private-label';
