import { Controller, Get, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { IdParam } from '../../../core/http/id-param';
import { SETTLEMENT_TEXT, SettlementsError, SettlementsErrorCode } from '../settlements.errors';
import { StatementsService, type StatementSent } from './statements.service';

const notFound = () => new SettlementsError(SettlementsErrorCode.NOT_FOUND, SETTLEMENT_TEXT.settlementNotFound);

/** A settlement's statement: the PDF (shown inline, for preview) and the mail to the consignor. Settlement access. */
@ApiTags('settlements')
@RequireAccess('accessSettlement')
@Controller('api/settlements/:id')
export class StatementsController {
  constructor(private readonly statements: StatementsService) {}

  @Get('statement.pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "The settlement's statement as a PDF, inline (Statement-S-{id}.pdf)" })
  async pdf(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number): Promise<StreamableFile> {
    const { fileName, pdf } = await this.statements.pdf(p.houseId, id);
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `inline; filename="${fileName}"`, length: pdf.length });
  }

  @Post('send-statement')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Mails the statement to the consignor's email through the outbox, the PDF attached: { mailId, to, fileName }; 409 without an email",
  })
  send(@CurrentPrincipal() p: Principal, @IdParam('id', notFound) id: number): Promise<StatementSent> {
    return this.statements.send(p.houseId, id);
  }
}
