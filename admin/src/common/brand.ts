// Product-wide names and outside links. The spec switches these by host between
// two marketplace brands; this product has one brand until a second is needed.
export const PRODUCT_NAME = 'Auction Back Office';

export const LINKS = {
  terms: 'https://www.example.com/terms',
  privacy: 'https://www.example.com/privacy',
  contact: 'https://www.example.com/contact',
  helpCenter: 'https://www.example.com/help',
} as const;
