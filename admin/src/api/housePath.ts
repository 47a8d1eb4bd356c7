/** The path of a house's spec call: `/app/house/{houseRef}/{rest}`. */
export const housePath = (houseRef: string, rest: string) => `/app/house/${encodeURIComponent(houseRef)}/${rest}`;
