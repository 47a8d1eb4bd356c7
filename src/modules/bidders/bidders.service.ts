import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Platform } from './member.entity';

/** A registered bidder of a sale with what an invoice copies of them. */
export interface ApprovalWithMember {
  approvalId: number;
  paddleNumber: number;
  channel: Platform;
  memberId: number;
  memberRef: string;
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
  platform: Platform;
  companyId: number | null;
}

@Injectable()
export class BiddersService {
  constructor(private readonly em: EntityManager) {}

  /** The given approvals of the house with their members, in one query. */
  async approvalsWithMembers(houseId: number, approvalIds: readonly number[]): Promise<Map<number, ApprovalWithMember>> {
    const out = new Map<number, ApprovalWithMember>();
    const ids = [...new Set(approvalIds)];
    for (let i = 0; i < ids.length; i += 5000) {
      const batch = ids.slice(i, i + 5000);
      const rows = await this.em.getConnection().execute(
        `select a.id as approval_id, a.paddle_number, a.channel, m.id as member_id, m.member_ref, m.first_name, m.last_name, m.email, m.phone,
                m.company_name, m.street1, m.street2, m.city, m.state_code, m.province, m.postal_code, m.country_code, m.platform, m.company_id
           from approval a join member m on m.id = a.member_id
          where a.house_id = ? and a.id in (${batch.map(() => '?').join(', ')})`,
        [houseId, ...batch],
      );
      for (const r of rows) {
        out.set(r.approval_id, {
          approvalId: r.approval_id,
          paddleNumber: r.paddle_number,
          channel: r.channel,
          memberId: r.member_id,
          memberRef: r.member_ref,
          firstName: r.first_name,
          lastName: r.last_name,
          email: r.email,
          phone: r.phone,
          companyName: r.company_name,
          street1: r.street1,
          street2: r.street2,
          city: r.city,
          stateCode: r.state_code,
          province: r.province,
          postalCode: r.postal_code,
          countryCode: r.country_code,
          platform: r.platform,
          companyId: r.company_id,
        });
      }
    }
    return out;
  }
}
