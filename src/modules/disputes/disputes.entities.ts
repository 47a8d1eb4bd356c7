import { Dispute } from './dispute.entity';
import { DisputeAudit } from './dispute-audit.entity';
import { HouseNoBid, UnpaidItemStrike } from './dispute-consequences.entity';
import { DisputeMessage } from './dispute-message.entity';

export const DISPUTES_ENTITIES = [Dispute, DisputeMessage, DisputeAudit, HouseNoBid, UnpaidItemStrike];
