import { Consignor } from './consignors/consignor.entity';
import { CommissionPlan, LotCommissionOverride } from './plans/commission-plan.entity';
import { SettlementAudit } from './settlements/settlement-audit.entity';
import { Settlement, SettlementAdjustment, SettlementLine, SettlementPayout } from './settlements/settlement.entities';

export const SETTLEMENTS_ENTITIES = [
  Consignor,
  CommissionPlan,
  LotCommissionOverride,
  Settlement,
  SettlementLine,
  SettlementAdjustment,
  SettlementPayout,
  SettlementAudit,
];
