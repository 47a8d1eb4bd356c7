import { Injectable } from '@nestjs/common';
import { QueryOrder } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { CONTACT_TYPES, STAFF_NAME_MAX, STAFF_USER_TEXT, isContactTypeId, looksLikeEmail } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { RaListQuery } from '../../../core/http/ra-list-query';
import { House } from '../house.entity';
import { HouseContact } from './house-contact.entity';

export interface HouseContactView {
  id: number;
  contactType: number;
  contactTypeName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export interface HouseContactInput {
  contactType?: unknown;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

/** `GET /cps/app/house/{houseID}/contacts`: the spec's `contacttypes`, keyed by type id. */
export type ContactTypesView = Record<
  string,
  { id: number; name: string; contacts: { id: number; firstname: string; lastname: string }[] }
>;

export const HOUSE_CONTACT_SORTABLE = ['id', 'contactType', 'firstName', 'lastName', 'email'] as const;

const notFound = () => DomainError.notFound('Contact');
const typeName = (id: number) => CONTACT_TYPES.find((t) => t.id === id)?.name ?? String(id);

function toView(c: HouseContact): HouseContactView {
  return {
    id: c.id,
    contactType: c.contactType,
    contactTypeName: typeName(c.contactType),
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email ?? null,
    phone: c.phone ?? null,
  };
}

/** The house's contacts of the three wizard types; scoped by house, deleted ones kept but hidden. */
@Injectable()
export class HouseContactsService {
  constructor(private readonly em: EntityManager) {}

  async page(houseId: number, query: RaListQuery): Promise<{ rows: HouseContactView[]; total: number }> {
    const where: Record<string, unknown> = { house: houseId, deletedAt: null };
    for (const [key, value] of Object.entries(query.filter)) {
      if (key !== 'contactType') throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter by ${key}.`);
      if (value !== undefined && value !== null && value !== '') where.contactType = Number(value);
    }
    const orderBy = query.sort
      ? [{ [query.sort.field]: query.sort.order === 'ASC' ? 'asc' : 'desc' }, { id: 'asc' }]
      : [{ contactType: 'asc' }, { lastName: 'asc' }, { id: 'asc' }];
    const [rows, total] = await this.em.findAndCount(HouseContact, where, {
      orderBy: orderBy as never,
      limit: query.limit,
      offset: query.offset,
    });
    return { rows: rows.map(toView), total };
  }

  async contactTypes(houseId: number): Promise<ContactTypesView> {
    const rows = await this.em.find(
      HouseContact,
      { house: houseId, deletedAt: null },
      { orderBy: { lastName: QueryOrder.ASC, firstName: QueryOrder.ASC, id: QueryOrder.ASC } },
    );
    const out: ContactTypesView = {};
    for (const t of CONTACT_TYPES) {
      out[String(t.id)] = {
        id: t.id,
        name: t.name,
        contacts: rows.filter((r) => r.contactType === t.id).map((r) => ({ id: r.id, firstname: r.firstName, lastname: r.lastName })),
      };
    }
    return out;
  }

  async get(houseId: number, id: number): Promise<HouseContactView> {
    return toView(await this.find(houseId, id));
  }

  async create(houseId: number, input: HouseContactInput): Promise<HouseContactView> {
    const values = checkContact(input);
    const contact = this.em.create(HouseContact, { house: this.em.getReference(House, houseId), ...values });
    await this.em.persistAndFlush(contact);
    return toView(contact);
  }

  async update(houseId: number, id: number, input: HouseContactInput): Promise<HouseContactView> {
    const contact = await this.find(houseId, id);
    Object.assign(contact, checkContact(input));
    await this.em.flush();
    return toView(contact);
  }

  async delete(houseId: number, id: number): Promise<HouseContactView> {
    const contact = await this.find(houseId, id);
    contact.deletedAt = new Date();
    await this.em.flush();
    return toView(contact);
  }

  private async find(houseId: number, id: number): Promise<HouseContact> {
    const c = await this.em.findOne(HouseContact, { id, house: houseId, deletedAt: null });
    if (!c) throw notFound();
    return c;
  }
}

/** Type, first and last name required; email checked when given; lengths of the columns. */
export function checkContact(input: HouseContactInput): Omit<HouseContactView, 'id' | 'contactTypeName'> {
  const errors: Record<string, string> = {};
  const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const contactType = Number(input.contactType);
  if (!isContactTypeId(contactType)) errors.contactType = STAFF_USER_TEXT.contactTypeInvalid;
  const firstName = trim(input.firstName);
  const lastName = trim(input.lastName);
  const email = trim(input.email);
  const phone = trim(input.phone);
  if (!firstName) errors.firstName = STAFF_USER_TEXT.contactFirstNameRequired;
  else if (firstName.length > STAFF_NAME_MAX) errors.firstName = STAFF_USER_TEXT.firstNameTooLong;
  if (!lastName) errors.lastName = STAFF_USER_TEXT.contactLastNameRequired;
  else if (lastName.length > STAFF_NAME_MAX) errors.lastName = STAFF_USER_TEXT.lastNameTooLong;
  if (email && (email.length > 120 || !looksLikeEmail(email))) errors.email = STAFF_USER_TEXT.emailInvalid;
  if (phone.length > 40) errors.phone = 'Phone may have at most 40 characters.';
  if (Object.keys(errors).length) throw DomainError.validation(errors);
  return { contactType, firstName, lastName, email: email || null, phone: phone || null };
}

export { notFound as contactNotFound };
