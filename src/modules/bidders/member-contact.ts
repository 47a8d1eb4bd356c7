/** A bidder's name, contact and address: what an invoice copies and a new floor bidder carries. */
export interface MemberContact {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  companyName: string | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  stateCode: string | null;
  province: string | null;
  postalCode: string | null;
  countryCode: string | null;
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The one mapping of the contact columns (`first_name` ... `country_code`, the same names on
 * `member` and on `invoice`, which copies them) from a raw row: the bidders' reads and the
 * invoice read model both map through it.
 */
export function memberContactOf(r: Record<string, unknown>): MemberContact {
  return {
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    email: str(r.email),
    phone: str(r.phone),
    companyName: str(r.company_name),
    street1: str(r.street1),
    street2: str(r.street2),
    city: str(r.city),
    stateCode: str(r.state_code),
    province: str(r.province),
    postalCode: str(r.postal_code),
    countryCode: str(r.country_code),
  };
}
