export const FIRST_NAMES = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Amelia', 'Oliver', 'Chloe', 'Hugo', 'Isla', 'Noah', 'Mia', 'Lucas', 'Zoe', 'Ethan'];
export const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'Worthington-Fairbanks'];
export const OBJECTS = ['Oil on Canvas Landscape', 'Georgian Silver Teapot', 'Art Deco Bronze Figure', 'Chinese Famille Rose Vase', 'Victorian Mahogany Desk', 'Tiffany Style Lamp', 'Persian Silk Rug', 'Cartier Gold Wristwatch', 'Meissen Porcelain Group', 'Signed Lithograph', 'Federal Tall Case Clock', 'Roman Glass Flask', 'Diamond Solitaire Ring', 'Japanese Satsuma Bowl', 'Mid-Century Lounge Chair', 'First Edition Novel', 'Sterling Flatware Service', 'Watercolor Harbor Scene', 'Carved Jade Pendant', 'Bronze Equestrian Sculpture'];
export const ADJECTIVES = ['Fine', 'Rare', 'Important', 'Large', 'Small', 'Pair of', 'Antique', 'Early', 'Signed', 'Exceptional'];

/** Bidder addresses: mostly US (several states, for sales tax), some Canada, UK, Australia. */
export const PLACES: { countryCode: string; stateCode?: string; city: string; postalCode: string }[] = [
  { countryCode: 'US', stateCode: 'NY', city: 'New York', postalCode: '10001' },
  { countryCode: 'US', stateCode: 'NY', city: 'Buffalo', postalCode: '14201' },
  { countryCode: 'US', stateCode: 'CA', city: 'Los Angeles', postalCode: '90012' },
  { countryCode: 'US', stateCode: 'TX', city: 'Austin', postalCode: '73301' },
  { countryCode: 'US', stateCode: 'MA', city: 'Boston', postalCode: '02108' },
  { countryCode: 'US', stateCode: 'FL', city: 'Miami', postalCode: '33101' },
  { countryCode: 'US', stateCode: 'IL', city: 'Chicago', postalCode: '60601' },
  { countryCode: 'US', stateCode: 'OR', city: 'Portland', postalCode: '97201' },
  { countryCode: 'CA', stateCode: 'ON', city: 'Toronto', postalCode: 'M5H 2N2' },
  { countryCode: 'CA', stateCode: 'QC', city: 'Montreal', postalCode: 'H2Y 1C6' },
  { countryCode: 'UK', stateCode: 'LND', city: 'London', postalCode: 'SW1A 1AA' },
  { countryCode: 'AU', stateCode: 'NSW', city: 'Sydney', postalCode: '2000' },
];
