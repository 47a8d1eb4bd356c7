import { formatRate } from '../../../core/money/money';

/**
 * The template editor's rules live in the shared package (@ar/rules, packages/rules/src/template-rules.ts):
 * the admin's editor runs the same function. The service calls `validateTemplate` with the real
 * lists (TemplateGeo), the house's locations and the stored template; these names stay importable
 * from here for the server's files.
 */
export {
  looksLikeEmail,
  parseTemplateRate,
  validateTemplate,
  type ChargeRow,
  type ExistingTemplate,
  type FeeSettingInput,
  type GroupSettingsInput,
  type MessageInput,
  type MessageRow,
  type RuleContext,
  type RuleResult,
  type TaxSettingInput,
  type TemplateValues,
} from '@ar/rules';

/** "6.125" for the GET's formattedTaxRate / formattedFeeRate. */
export const formatTemplateRate = formatRate;
