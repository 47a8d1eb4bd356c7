import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../../../core/auth/access.decorators';
import { Principal } from '../../../../core/auth/principal';
import { IdParam } from '../../../../core/http/id-param';
import { groupNotFound } from '../../groups/invoice-group-rules';
import { PaymentMethodsService } from './payment-methods.service';

/** The Mark as Paid modal's payment methods (spec 000 §3 Payment method, §7). */
@ApiTags('invoice editing')
@Controller('app/house/:houseRef/invoiceGroup/:id')
export class PaymentMethodsController {
  constructor(private readonly methods: PaymentMethodsService) {}

  @RequireAccess('accessInvoices')
  @Get('payment-methods')
  @ApiOperation({
    summary:
      "The payment methods staff may choose when marking the group's invoices paid: { data: { paymentMethods: [{ id, name, type }] } } " +
      '(3 Visa, 4 MasterCard, 5 Discover, 6 American Express, 11 ACH, then offline: 101 Cash, 102 Check, 103 Wire Transfer, 104 PayPal, 105 Other). 404 for an unknown group.',
  })
  async paymentMethods(@CurrentPrincipal() p: Principal, @IdParam('id', groupNotFound) id: number) {
    return { data: { paymentMethods: await this.methods.forGroup(p.houseId, id) } };
  }
}
