/** A post-sale channel (spec 001 section 3): states 0 not available on site, 1 view only, 2 available. */
export interface PostSaleChannel {
  channelID: number;
  channelName: string;
  states: number[];
  value: number;
}

/**
 * The channels a session answers until the live/timed step 2 stores its own choice: the house's
 * own site (all three states, available) and the marketplace (available only, so fixed). Buy-now
 * sales post to the site as Buy Now. Ours: docs/decisions/summary-publish.md.
 */
export const DEFAULT_CHANNELS = (saleType: 'bin' | 'live' | 'timed'): PostSaleChannel[] => [
  { channelID: 1, channelName: saleType === 'bin' ? 'Available on Site / Buy Now' : 'House Website', states: [0, 1, 2], value: 2 },
  { channelID: 2, channelName: 'Marketplace', states: [2], value: 2 },
];
