/** The Home page's answer (`GET /app/house/{houseRef}/home-summary`), written once for both faces. */

/** An amount in one currency (a house may invoice sales in several). */
export interface CurrencyAmount {
  currencyCode: string;
  cents: number;
}

export interface MonthFigures {
  /** 'YYYY-MM'. */
  month: string;
  currencyCode: string;
  invoicedCents: number;
  collectedCents: number;
}

/** `data` of GET home-summary: what needs doing, house-scoped. */
export interface HomeSummary {
  uninvoicedSessions: { sessions: number; lots: number };
  unsentInvoices: { count: number; amounts: CurrencyAmount[] };
  unpaidInvoices: { count: number; amounts: CurrencyAmount[] };
  /** The last `months` months, oldest first, every month present (zeros when nothing happened). */
  months: MonthFigures[];
}
