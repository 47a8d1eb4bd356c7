import { Entity, Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export type ProcessorType = 'w' | 's' | 'p';

/** A tenant: an auction house and its settings. Every house-owned row carries its id. */
@Entity({ tableName: 'house' })
export class House {
  @PrimaryKey()
  id!: number;

  /** Public reference used in paths (`/app/house/{houseRef}/...`). */
  @Property({ length: 32 })
  @Unique()
  houseRef!: string;

  /** The name staff type at sign-in (stored lower-case). */
  @Property({ length: 64 })
  @Unique()
  houseUserName!: string;

  @Property({ length: 200 })
  name!: string;

  @Property({ length: 1 })
  connectType: string & Opt = 's';

  @Property({ length: 1 })
  ingestType: string & Opt = 'd';

  @Property()
  isOnlineOnly: boolean & Opt = false;

  /** True when invoicing is disabled for the house (the Invoices menu is hidden). */
  @Property({ fieldName: 'disable_inva_invoicing' })
  disableINVAInvoicing: boolean & Opt = false;

  @Property()
  disputeTermsAccepted: boolean & Opt = false;

  @Property({ length: 64, nullable: true })
  paymentProcessingAccountId?: string;

  @Property()
  paymentProcessingEligible: boolean & Opt = false;

  @Property()
  paymentProcessingEnabled: boolean & Opt = false;

  @Property()
  paymentProcessingRequired: boolean & Opt = false;

  @Property({ length: 1, nullable: true })
  processorType?: ProcessorType;

  /** Enrolled with the card processor (processor `p`): card-processor template mode. */
  @Property()
  payrixEligible: boolean & Opt = false;

  @Property()
  binEnabled: boolean & Opt = true;

  @Property()
  liveOrTimedEnabled: boolean & Opt = true;

  @Property()
  bulkBiddingEnabled: boolean & Opt = false;

  @Property()
  featuredLotsEnabled: boolean & Opt = false;

  @Property()
  autoChargeEnabled: boolean & Opt = false;

  @Property()
  isHouseFeeStepActive: boolean & Opt = false;

  /** Private-label (instant) site. */
  @Property()
  isInstant: boolean & Opt = false;

  /** Billing (the calendar's banners): the card on file for the house's own account has expired. */
  @Property()
  billingCardExpired: boolean & Opt = false;

  /** Billing: the house's own account has an overdue payment. */
  @Property()
  billingPaymentOverdue: boolean & Opt = false;

  /** The account is temporarily disabled (the calendar's stealth-mode banner). */
  @Property()
  stealthMode: boolean & Opt = false;

  @Property({ length: 3 })
  currencyCode: string & Opt = 'USD';

  @Property({ length: 2 })
  countryCode: string & Opt = 'US';

  @Property({ length: 64 })
  timeZone: string & Opt = 'America/New_York';

  @Property({ length: 40, nullable: true })
  phone?: string;

  /** The house's VAT rate in thousandths of a percent (20 % = 20000), shown in the session definition; null: none. */
  @Property({ type: 'integer', nullable: true })
  vatRate?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
