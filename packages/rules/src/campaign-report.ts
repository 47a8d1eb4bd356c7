/** Ad Campaign Reporting (`GET /app/house/{houseRef}/campaignReport`; money in cents). */
/** One session's paid-featuring campaign: its featured lots against the whole session. */
export interface CampaignRow {
  catalogRef: string;
  title: string;
  saleType: string;
  eventDate: string;
  currencyCode: string;
  featuredLots: number;
  featuredBids: number;
  featuredSold: number;
  featuredHammerCents: number;
  lots: number;
  bids: number;
  sold: number;
  hammerCents: number;
}
