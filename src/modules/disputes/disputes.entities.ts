import { Dispute } from './dispute.entity';
import { DisputeAudit } from './dispute-audit.entity';
import { HouseNoBid, UnpaidItemStrike } from './dispute-consequences.entity';
import { DisputeMessage } from './dispute-message.entity';
import { NoBidAudit } from './no-bid-list/no-bid-audit.entity';

export const DISPUTES_ENTITIES = [Dispute, DisputeMessage, DisputeAudit, HouseNoBid, UnpaidItemStrike, NoBidAudit];
