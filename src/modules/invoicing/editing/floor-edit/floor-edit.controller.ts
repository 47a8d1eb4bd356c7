import { Body, Controller, Headers, HttpCode, Patch } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { DomainError } from '../../../../core/errors/domain-error';
import { IdParam } from '../../../../core/http/id-param';
import { invoiceNotFound } from '../../invoices/invoices.errors';
import { FloorEditDto } from './floor-edit.dto';
import { FloorEditService } from './floor-edit.service';
import { checkChannelHeader, parseFloorEdit } from './floor-edit.rules';

export const HOUSE_USER_TEXT = 'The house user header names another user.';

/** The house user name header (spec 000 section 6), under the spellings clients use; when sent it must name the caller. */
export function checkHouseUserHeader(headers: Record<string, string | string[] | undefined>, p: Principal): void {
  for (const name of ['houseuser', 'house-user', 'x-house-user']) {
    const v = headers[name];
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v[0] : v;
    if (value.trim().toLowerCase() !== p.userName.toLowerCase()) throw new DomainError('forbidden', 'HOUSE_USER_MISMATCH', HOUSE_USER_TEXT);
  }
}

/** `PATCH /app/house/{houseRef}/invoice/{id}` (spec 000 section 7): Floor edits of hammer, buyer's premium and live fee. */
@ApiTags('invoice editing')
@Controller('app/house/:houseRef/invoice')
export class FloorEditController {
  constructor(private readonly floor: FloorEditService) {}

  @RequireAccess('accessInvoices')
  @Patch(':id')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Floor-channel unpaid invoices: each given hammer / buyersPremium / liveFee replaces the computed value (null: back to computed); premium, tax, fees and totals recompute. ' +
      'Answers { data: { type: "invoice", id, attributes: Invoice & { success, changed } } }; a stale attributes.version answers 409.',
  })
  @ApiHeader({ name: 'channel', required: false, description: "When sent: 'Floor'" })
  @ApiHeader({ name: 'houseUser', required: false, description: "When sent: the caller's user name" })
  @ApiBody({
    schema: {
      example: {
        data: {
          type: 'invoice',
          id: '101',
          attributes: { invoiceDetails: [{ lotId: 5501, hammer: 1200, buyersPremium: 300, liveFee: 0 }], version: 3 },
        },
      },
    },
  })
  async edit(
    @CurrentPrincipal() p: Principal,
    @IdParam('id', invoiceNotFound) invoiceId: number,
    @Headers() headers: Record<string, string | string[] | undefined>,
    @Body() body: FloorEditDto,
  ) {
    checkHouseUserHeader(headers, p);
    checkChannelHeader(headers.channel); // the body's channel: FloorEditDto
    return { data: await this.floor.edit(p, parseFloorEdit(invoiceId, body)) };
  }
}
