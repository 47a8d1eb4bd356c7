import { Module, OnModuleInit } from '@nestjs/common';
import { BiddersModule } from '../bidders/bidders.module';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { HousesModule } from '../houses/houses.module';
import { LocationsService } from '../houses/locations/locations.service';
import { LotsModule } from '../lots/lots.module';
import { LotResultLocks } from '../lots/results/result-locks';
import { InvoiceDetailsController } from './invoices/invoice-details.controller';
import { InvoiceDetailsService } from './invoices/invoice-details.service';
import { INVOICED_LOTS_LOCK } from './invoices/invoiced-lots.lock';
import { InvoicesController } from './invoices/invoices.controller';
import { GeoTemplateAdapter, TEMPLATES_USING_ADDRESS } from './templates/houses-adapters';
import { InvoiceGroupSettingsController } from './templates/invoice-group-settings.controller';
import { InvoiceTemplatesController } from './templates/invoice-templates.controller';
import { InvoiceTemplatesService } from './templates/invoice-templates.service';
import { TEMPLATE_GEO, TEMPLATE_LOCATIONS, TEMPLATE_USAGE } from './templates/template-ports';
import { InvoiceGroupTemplateUsage } from './templates/template-usage';
import { InvoiceGroupsController } from './groups/invoice-groups.controller';
import { InvoiceGroupsResourceController } from './groups/invoice-groups-resource.controller';
import { InvoiceGroupsService } from './groups/invoice-groups.service';
import { CreateGroupInvoicesHandler } from './groups/jobs/create-group-invoices.handler';
import { InvoiceGroupRecoveryTasks } from './groups/jobs/invoice-group-recovery.tasks';
import { GROUPS_IN_PROGRESS_LOCK } from './groups/groups-in-progress.lock';
import { InvoiceBuilder, TAX_RATE_PROVIDER } from './invoices/invoice-builder';
import { StaticUsStateTaxRates } from './math';
import { InvoicePricing } from './editing/core/invoice-pricing.service';
import { InvoiceMutations } from './editing/core/invoice-mutations.service';
import { EditRunner } from './editing/core/edit-runner';
import { ChargesController } from './editing/charges/charges.controller';
import { ChargesService } from './editing/charges/charges.service';
import { GroupDetailEditsController } from './editing/group-detail-edits/group-detail-edits.controller';
import { LineVisibilityService } from './editing/group-detail-edits/line-visibility.service';
import { NotesService } from './editing/group-detail-edits/notes.service';
import { DeliveryModeService } from './editing/group-detail-edits/delivery-mode.service';
import { FloorEditController } from './editing/floor-edit/floor-edit.controller';
import { FloorEditService } from './editing/floor-edit/floor-edit.service';
import { AuditController } from './editing/audit/audit.controller';
import { AuditService } from './editing/audit/audit.service';
import { InvoiceMarksController } from './editing/marks/marks.controller';
import { InvoiceMarksService } from './editing/marks/marks.service';
import { PaymentMethodsController } from './editing/marks/payment-methods.controller';
import { PaymentMethodsService } from './editing/marks/payment-methods.service';
import { InvoiceContactController } from './editing/contact/contact.controller';
import { InvoiceContactService } from './editing/contact/contact.service';
import { InvoiceBulkNotesService } from './editing/contact/contact-notes.service';
import { HomeSummaryModule } from './summary/home-summary.module';
import { InvoiceSendingController } from './sending/invoice-sending.controller';
import { InvoiceSendingService } from './sending/invoice-sending.service';
import { InvoiceSendJob } from './sending/invoice-send.job';
import { PaymentsModule } from './payments/payments.module';
import { CardChargingController } from './payments/charging/card-charging.controller';
import { CardChargingService } from './payments/charging/card-charging.service';
import { AutoChargeController } from './payments/auto-charge/auto-charge.controller';
import { AutoChargeRunHandler } from './payments/auto-charge/auto-charge-run.job';
import { AutoChargeService } from './payments/auto-charge/auto-charge.service';
import { AutoChargeTasks } from './payments/auto-charge/auto-charge.tasks';
import { ChargeBatchHandler } from './payments/charging/charge-batch.job';
import { ChargeReconcileTasks } from './payments/charging/charge-reconcile.tasks';
import { AchSettlementRunHandler } from './payments/settlement/ach-settlement.job';
import { AchSettlementService } from './payments/settlement/ach-settlement.service';
import { AchSettlementTasks } from './payments/settlement/ach-settlement.tasks';
import { RefundsController } from './payments/refunds/refunds.controller';
import { RefundsService } from './payments/refunds/refunds.service';
import { InvoicePreviewController } from './preview/invoice-preview.controller';
import { InvoicePreviewService } from './preview/invoice-preview.service';
import { InvoicePdfController } from './pdf/invoice-pdf.controller';
import { InvoicePdfCleanupTasks } from './pdf/invoice-pdf-cleanup.tasks';
import { InvoicePdfHandler } from './pdf/invoice-pdf.handler';
import { InvoicePdfService } from './pdf/invoice-pdf.service';
import { SessionInvoiceGroups } from './groups/session-invoice-groups';
import { SalesTaxReportController } from './reports/sales-tax/sales-tax-report.controller';
import { LotCollectionService } from './collection/lot-collection.service';
import { SalesTaxReportService } from './reports/sales-tax/sales-tax-report.service';
import { InvoiceLineDisputes } from './invoices/line-disputes.service';

/** Invoicing: templates, invoice groups and their creation, reading invoices, and editing them (one mutation path). */
@Module({
  imports: [HousesModule, LotsModule, CatalogsModule, BiddersModule, HomeSummaryModule, PaymentsModule],
  controllers: [
    InvoiceGroupSettingsController,
    InvoiceTemplatesController,
    InvoiceDetailsController,
    InvoicesController,
    InvoiceGroupsController,
    InvoiceGroupsResourceController,
    InvoiceMarksController,
    PaymentMethodsController,
    InvoiceContactController,
    ChargesController,
    GroupDetailEditsController,
    FloorEditController,
    AuditController,
    InvoiceSendingController,
    InvoicePreviewController,
    InvoicePdfController,
    CardChargingController,
    AutoChargeController,
    RefundsController,
    SalesTaxReportController,
  ],
  providers: [
    LotCollectionService,
    InvoiceTemplatesService,
    InvoiceDetailsService,
    { provide: TEMPLATE_GEO, useClass: GeoTemplateAdapter },
    { provide: TEMPLATE_LOCATIONS, useExisting: LocationsService },
    { provide: TEMPLATE_USAGE, useClass: InvoiceGroupTemplateUsage },
    InvoiceGroupsService,
    InvoiceBuilder,
    CreateGroupInvoicesHandler,
    InvoiceGroupRecoveryTasks,
    { provide: TAX_RATE_PROVIDER, useValue: new StaticUsStateTaxRates() },
    InvoicePricing,
    InvoiceMutations,
    EditRunner,
    ChargesService,
    LineVisibilityService,
    NotesService,
    DeliveryModeService,
    FloorEditService,
    AuditService,
    InvoiceMarksService,
    PaymentMethodsService,
    InvoiceContactService,
    InvoiceBulkNotesService,
    InvoicePreviewService,
    InvoicePdfService,
    InvoicePdfHandler,
    InvoicePdfCleanupTasks,
    InvoiceSendingService,
    InvoiceSendJob,
    CardChargingService,
    ChargeBatchHandler,
    ChargeReconcileTasks,
    AutoChargeService,
    AutoChargeRunHandler,
    AutoChargeTasks,
    AchSettlementService,
    AchSettlementRunHandler,
    AchSettlementTasks,
    RefundsService,
    SessionInvoiceGroups,
    SalesTaxReportService,
    InvoiceLineDisputes,
  ],
  exports: [
    InvoiceTemplatesService,
    InvoicePreviewService,
    InvoicePdfService,
    CardChargingService,
    AutoChargeService,
    AchSettlementService,
    SessionInvoiceGroups,
    InvoiceLineDisputes,
    LotCollectionService,
  ],
})
export class InvoicingModule implements OnModuleInit {
  constructor(
    private readonly locations: LocationsService,
    private readonly resultLocks: LotResultLocks,
  ) {}

  onModuleInit(): void {
    this.locations.registerUsageCheck(TEMPLATES_USING_ADDRESS);
    // An invoiced lot keeps its result (results import, realized prices).
    this.resultLocks.register(INVOICED_LOTS_LOCK);
    // ... and a lot of a session being invoiced keeps it until the invoices exist.
    this.resultLocks.register(GROUPS_IN_PROGRESS_LOCK);
  }
}
