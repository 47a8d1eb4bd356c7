import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { boundQuery } from '../../../../core/database/bound-query';
import { intArray } from '../../../../core/validation/sql-text';
import { looksLikeCardNumber, type CardBrand, type TokenisedPaymentMethod } from '../gateway/payment-gateway';
import { PaymentsError } from '../payments.errors';

/** A bidder's card or bank account on file. */
export interface PaymentMethodOnFile extends TokenisedPaymentMethod {
  id: number;
  memberId: number;
  cardLimitCents: number | null;
  isDefault: boolean;
  createdAt: Date;
}

export interface NewPaymentMethod extends TokenisedPaymentMethod {
  cardLimitCents?: number | null;
  /** Becomes the bidder's default; a bidder's first method always does. */
  isDefault?: boolean;
}

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'discover', 'amex'];

/** Field messages for a payment method to store; empty when it is valid. Pure. */
export function paymentMethodErrors(m: NewPaymentMethod): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof m.token !== 'string' || !m.token.trim() || m.token.length > 64) errors.token = 'A token of 1 to 64 characters is required.';
  else if (looksLikeCardNumber(m.token)) errors.token = 'This looks like a card number: store the gateway token, never the number.';
  if (m.kind !== 'card' && m.kind !== 'ach') errors.kind = 'Kind must be card or ach.';
  if (typeof m.last4 !== 'string' || !/^\d{4}$/.test(m.last4)) errors.last4 = 'Last four digits are required.';
  if (m.kind === 'card') {
    if (!BRANDS.includes(m.brand as CardBrand)) errors.brand = 'Brand must be visa, mastercard, discover or amex.';
    if (!Number.isInteger(m.expMonth) || m.expMonth! < 1 || m.expMonth! > 12) errors.expMonth = 'Expiry month must be 1 to 12.';
    if (!Number.isInteger(m.expYear) || m.expYear! < 2000 || m.expYear! > 2100) errors.expYear = 'Expiry year must be four digits.';
  } else if (m.kind === 'ach') {
    if (m.brand != null) errors.brand = 'A bank account has no card brand.';
    if (m.expMonth != null || m.expYear != null) errors.expMonth = 'A bank account has no expiry.';
  }
  if (m.cardLimitCents != null && (!Number.isSafeInteger(m.cardLimitCents) || m.cardLimitCents <= 0))
    errors.cardLimitCents = 'Card limit must be a positive amount in cents.';
  return errors;
}

/** The methods on file of the given bidders (an int[]), default first, then oldest. Parameters: house, member ids. */
export const METHODS_ON_FILE_SQL = `select * from bidder_payment_method where house_id = ? and member_id = any(?::int[])
  order by member_id, is_default desc, created_at, id`;

/**
 * Cards and bank accounts on file per bidder. Every read and write is scoped to the house: a
 * house never sees or changes another house's bidders' methods (they are simply not found).
 */
@Injectable()
export class PaymentMethodsOnFileService {
  constructor(private readonly em: EntityManager) {}

  /** The methods of each given bidder of the house (default first, then oldest); one query, the ids bound as one array. */
  async onFile(houseId: number, memberIds: readonly number[], em: EntityManager = this.em): Promise<Map<number, PaymentMethodOnFile[]>> {
    const ids = [...new Set(memberIds)];
    const out = new Map<number, PaymentMethodOnFile[]>(ids.map((id) => [id, []]));
    if (!ids.length) return out;
    const rows = await boundQuery(em, METHODS_ON_FILE_SQL, [houseId, intArray(ids)]);
    for (const r of rows) out.get(r.member_id as number)!.push(toMethod(r));
    return out;
  }

  /** Puts a tokenised method on file for a bidder of the house. */
  async add(houseId: number, memberId: number, method: NewPaymentMethod): Promise<PaymentMethodOnFile> {
    const errors = paymentMethodErrors(method);
    if (Object.keys(errors).length) throw PaymentsError.invalid(errors);
    return this.em.transactional(async (tx) => {
      // The bidder row serialises changes to one bidder's methods (one default at a time).
      const member = await tx.execute(`select id from member where id = ? and house_id = ? for update`, [memberId, houseId]);
      if (!member.length) throw PaymentsError.bidderNotFound();
      const [{ n }] = await tx.execute(`select count(*)::int as n from bidder_payment_method where member_id = ?`, [memberId]);
      const isDefault = method.isDefault === true || n === 0;
      const rows: Record<string, unknown>[] = await tx.execute(
        `insert into bidder_payment_method (house_id, member_id, token, kind, brand, last4, exp_month, exp_year, card_limit_cents, is_default)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (member_id, token) do nothing returning *`,
        [
          houseId,
          memberId,
          method.token,
          method.kind,
          method.brand ?? null,
          method.last4,
          method.expMonth ?? null,
          method.expYear ?? null,
          method.cardLimitCents ?? null,
          isDefault,
        ],
      );
      if (!rows.length) throw PaymentsError.alreadyOnFile();
      if (isDefault)
        await tx.execute(`update bidder_payment_method set is_default = false where member_id = ? and id <> ? and is_default`, [
          memberId,
          rows[0].id,
        ]);
      return toMethod(rows[0]);
    });
  }

  /** Removes a method of a bidder of the house; when it was the default, the oldest other becomes default. */
  async remove(houseId: number, methodId: number): Promise<void> {
    await this.em.transactional(async (tx) => {
      const found: { member_id: number }[] = await tx.execute(`select member_id from bidder_payment_method where id = ? and house_id = ?`, [
        methodId,
        houseId,
      ]);
      if (!found.length) throw PaymentsError.paymentMethodNotFound();
      const memberId = found[0].member_id;
      await tx.execute(`select id from member where id = ? and house_id = ? for update`, [memberId, houseId]);
      const deleted: { is_default: boolean }[] = await tx.execute(
        `delete from bidder_payment_method where id = ? and house_id = ? returning is_default`,
        [methodId, houseId],
      );
      if (!deleted.length) throw PaymentsError.paymentMethodNotFound();
      if (deleted[0].is_default)
        await tx.execute(
          `update bidder_payment_method set is_default = true
            where id = (select id from bidder_payment_method where member_id = ? order by created_at, id limit 1)`,
          [memberId],
        );
    });
  }
}

function toMethod(r: Record<string, unknown>): PaymentMethodOnFile {
  return {
    id: r.id as number,
    memberId: r.member_id as number,
    token: r.token as string,
    kind: r.kind as PaymentMethodOnFile['kind'],
    brand: (r.brand as CardBrand | null) ?? null,
    last4: r.last4 as string,
    expMonth: (r.exp_month as number | null) ?? null,
    expYear: (r.exp_year as number | null) ?? null,
    cardLimitCents: r.card_limit_cents == null ? null : Number(r.card_limit_cents),
    isDefault: r.is_default as boolean,
    createdAt: new Date(r.created_at as string),
  };
}
