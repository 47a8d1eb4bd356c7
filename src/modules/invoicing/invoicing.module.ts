import { Module, OnModuleInit } from '@nestjs/common';
import { HousesModule } from '../houses/houses.module';
import { LocationsService } from '../houses/locations/locations.service';
import { GeoTemplateAdapter, TEMPLATES_USING_ADDRESS } from './templates/houses-adapters';
import { InvoiceGroupSettingsController } from './templates/invoice-group-settings.controller';
import { InvoiceTemplatesController } from './templates/invoice-templates.controller';
import { InvoiceTemplatesService } from './templates/invoice-templates.service';
import { TEMPLATE_GEO, TEMPLATE_LOCATIONS, TEMPLATE_USAGE } from './templates/template-ports';
import { NoInvoicesYetUsage } from './templates/template-usage';

/** Invoicing: templates (invoice group settings) so far; groups, invoices, charges and payments build on them. */
@Module({
  imports: [HousesModule],
  controllers: [InvoiceGroupSettingsController, InvoiceTemplatesController],
  providers: [
    InvoiceTemplatesService,
    { provide: TEMPLATE_GEO, useClass: GeoTemplateAdapter },
    { provide: TEMPLATE_LOCATIONS, useExisting: LocationsService },
    { provide: TEMPLATE_USAGE, useClass: NoInvoicesYetUsage },
  ],
  exports: [InvoiceTemplatesService],
})
export class InvoicingModule implements OnModuleInit {
  constructor(private readonly locations: LocationsService) {}

  onModuleInit(): void {
    this.locations.registerUsageCheck(TEMPLATES_USING_ADDRESS);
  }
}
