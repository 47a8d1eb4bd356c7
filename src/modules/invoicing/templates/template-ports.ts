/**
 * What the template rules need from other modules, as small interfaces: the templates code
 * depends on these, and invoicing.module.ts wires them to the houses module's services.
 */

/** Which country list a template's rows are chosen from: card-processor tax rows use their own list. */
export type TemplateCountryList = 'tax' | 'processorTax';

/** Countries and states (the houses module's geo lists). ALL is handled by the rules, not here. */
export interface TemplateGeo {
  /**
   * The code templates store for a country, or for the EU pseudo-country of the tax lists, in either
   * spelling of the United Kingdom (stored as the location list spells it); null when unknown.
   */
  countryCode(code: string): string | null;
  /** The state codes of a stored country code that has a state list (US, CA, AU, UK), else null. */
  stateCodes(countryCode: string): readonly string[] | null;
  /** A stored code as the given list spells it (the card-processor list spells the UK 'GB'). */
  listCode(countryCode: string, list: TemplateCountryList): string;
}

/** The house's locations (the houses module's locations). */
export interface TemplateLocations {
  /** The ids of the house's current (not deleted) locations. */
  locationIds(houseId: number): Promise<number[]>;
}

/** Whether a template is used by sales, invoice groups and invoices (the invoice-groups code). */
export interface TemplateUsage {
  /** Invoices exist for a sale using the template: a card-processor template's taxes are then fixed. */
  hasInvoices(templateId: number): Promise<boolean>;
  /** A sale or an invoice group refers to the template: it cannot be deleted. */
  isInUse(templateId: number): Promise<boolean>;
}

export const TEMPLATE_GEO = Symbol('TEMPLATE_GEO');
export const TEMPLATE_LOCATIONS = Symbol('TEMPLATE_LOCATIONS');
export const TEMPLATE_USAGE = Symbol('TEMPLATE_USAGE');
