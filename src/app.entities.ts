// Every entity of the product, for MikroORM discovery (server, CLI, tests, benchmarks alike).
import { HOUSES_ENTITIES } from './modules/houses/houses.entities';
import { HouseAddress } from './modules/houses/locations/house-address.entity';
import { AuctionGroup } from './modules/catalogs/auction-group.entity';
import { BuyersPremiumStep } from './modules/catalogs/buyers-premium-step.entity';
import { Catalog } from './modules/catalogs/catalog.entity';
import { SESSION_WIZARD_ENTITIES } from './modules/catalogs/session-wizard/session-wizard.entities';
import { BinSaleSettings } from './modules/catalogs/bin-wizard/bin-sale-settings.entity';
import { Member } from './modules/bidders/member.entity';
import { Approval } from './modules/bidders/approval.entity';
import { KeywordAlert } from './modules/bidders/customers/keyword-alert.entity';
import { Lot } from './modules/lots/lot.entity';
import { OrderBid } from './modules/lots/order-bid.entity';
import { LotImage } from './modules/lots/lot-image.entity';
import { LotUploadRow } from './modules/lots/upload-review/lot-upload-row.entity';
import { ImageUpload } from './modules/lots/images/image-upload.entity';
import { BidIncrement } from './modules/lots/timed-bidding/bid-increment.entity';
import { LotResultAudit } from './modules/lots/eoa/lot-result-audit.entity';
import { AuditRecord } from './core/database/audit-record.entity';
import { JobRun } from './core/queue/job-run.entity';
import { ScheduleSlot } from './core/scheduling/schedule-slot.entity';
import { MailMessage } from './core/mail/mail-message.entity';
import { TEMPLATE_ENTITIES } from './modules/invoicing/templates/templates.entities';
import { INVOICING_ENTITIES } from './modules/invoicing/invoicing.entities';
import { EDITING_ENTITIES } from './modules/invoicing/editing/editing.entities';
import { PAYMENTS_ENTITIES } from './modules/invoicing/payments/payments.entities';
import { DISPUTES_ENTITIES } from './modules/disputes/disputes.entities';
import { SETTLEMENTS_ENTITIES } from './modules/settlements/settlements.entities';
import { ACCOUNTING_ENTITIES } from './modules/accounting/accounting.entities';

export const ALL_ENTITIES = [
  AuditRecord,
  ...HOUSES_ENTITIES,
  HouseAddress,
  AuctionGroup,
  BuyersPremiumStep,
  Catalog,
  ...SESSION_WIZARD_ENTITIES,
  BinSaleSettings,
  Member,
  Approval,
  KeywordAlert,
  Lot,
  LotResultAudit,
  OrderBid,
  LotImage,
  LotUploadRow,
  ImageUpload,
  BidIncrement,
  JobRun,
  ScheduleSlot,
  MailMessage,
  ...TEMPLATE_ENTITIES,
  ...INVOICING_ENTITIES,
  ...EDITING_ENTITIES,
  ...PAYMENTS_ENTITIES,
  ...DISPUTES_ENTITIES,
  ...SETTLEMENTS_ENTITIES,
  ...ACCOUNTING_ENTITIES,
];
