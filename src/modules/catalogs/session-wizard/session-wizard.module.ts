import { Module } from '@nestjs/common';
import { HousesModule } from '../../houses/houses.module';
import { SessionBasicsService } from './session-basics.service';
import { SessionDetailsService } from './session-details.service';
import { SessionWizardController } from './session-wizard.controller';
import { TimedLotTimesService } from './timed-lot-times.service';

/**
 * Add Sale (live/timed) and the live/timed session wizard's steps 1 and 2 (docs/decisions/session-wizard.md).
 * Listed before LotsModule in the app: `GET cps/app/catalog/{id}/channels` must match before the lot page's `/{lotNumber}`.
 */
@Module({
  imports: [HousesModule],
  controllers: [SessionWizardController],
  providers: [SessionBasicsService, SessionDetailsService, TimedLotTimesService],
  exports: [SessionDetailsService],
})
export class SessionWizardModule {}
