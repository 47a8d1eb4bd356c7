import { Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CHARGE_INLINE_MAX, cardProcessingAllowed } from '@ar/rules';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { DomainError, PERMISSION_DENIED_TEXT } from '../../../../core/errors/domain-error';
import { ArrayBody } from '../../../../core/http/array-body';
import { IdParam } from '../../../../core/http/id-param';
import { JobsService } from '../../../../core/queue/jobs.service';
import { InvoiceIdsDto } from '../../invoices/invoice-ids.dto';
import { MAX_IDS } from '../../invoices/invoice-list-query';
import { invoiceGroupNotFound, InvoicesError } from '../../invoices/invoices.errors';
import { CardChargingService } from './card-charging.service';
import { CHARGE_BATCH, chargeBatchKey } from './charge-batch.job';

/**
 * Batch card charging (spec 000 section 7: processCards, groupInfo/processCards). A payment user
 * only (invoices and settlement access) of a house that may process cards (processor p, payment
 * processing enabled, a US house: `cardProcessingAllowed`); 403 otherwise.
 */
@ApiTags('payments')
@Controller('app/house/:houseRef')
export class CardChargingController {
  constructor(
    private readonly charging: CardChargingService,
    private readonly jobs: JobsService,
  ) {}

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Get('invoiceGroup/:id/groupInfo/processCards')
  @ApiOperation({
    summary:
      'Whether the house can charge each invoice of the group now: { data: { invoiceGroupInfo: { invoices: [{ invoiceID, canHouseProcessCards }] } } }',
  })
  async groupInfo(@CurrentPrincipal() p: Principal, @IdParam('id', invoiceGroupNotFound) groupId: number) {
    await this.assertProcessing(p.houseId);
    return { data: { invoiceGroupInfo: { invoices: await this.charging.groupEligibility(p.houseId, groupId) } } };
  }

  @RequireAccess('accessInvoices', 'accessSettlement')
  @Post('processCards')
  @HttpCode(200)
  @ApiOperation({
    summary:
      `Charges the named invoices' cards on file, each at most once: { data: { httpStatus: 200, data: { invoiceConfirmations: [{ invoiceID, charged, amountCharged, reason? }] } } }. ` +
      `More than ${CHARGE_INLINE_MAX} invoices run as a job: { data: { httpStatus: 202, jobId } } (GET /api/jobs/{id} for progress and the confirmations). ` +
      'Ids of other houses are answered not charged.',
  })
  @ApiBody({ description: `The invoice ids, at most ${MAX_IDS}`, schema: { type: 'array', items: { type: 'integer' }, maxItems: MAX_IDS } })
  async processCards(
    @CurrentPrincipal() p: Principal,
    @ArrayBody(InvoiceIdsDto, { field: 'invoiceIDs', invalid: (f) => InvoicesError.invalid(f) }) body: InvoiceIdsDto,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.assertProcessing(p.houseId);
    const ids = [...new Set(body.invoiceIDs)];
    const actor = { userId: p.userId, userName: p.userName };
    if (ids.length > CHARGE_INLINE_MAX) {
      const job = await this.jobs.enqueue(CHARGE_BATCH, { invoiceIds: ids, ...actor }, { houseId: p.houseId, key: chargeBatchKey(ids) });
      res.status(202);
      return { data: { httpStatus: 202, jobId: job.id } };
    }
    const invoiceConfirmations = await this.charging.processCards(p.houseId, actor, ids);
    return { data: { httpStatus: 200, data: { invoiceConfirmations } } };
  }

  private async assertProcessing(houseId: number): Promise<void> {
    if (!cardProcessingAllowed(await this.charging.house(houseId))) throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
  }
}
