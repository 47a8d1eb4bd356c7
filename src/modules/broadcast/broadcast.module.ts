import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../core/config/config.module';
import type { AppConfig } from '../../core/config/app-config';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { BroadcastController } from './broadcast.controller';
import { BroadcastService } from './broadcast.service';
import { MillicastStreamingProvider } from './millicast-streaming.provider';
import { NoStreamingProvider, STREAMING_PROVIDER, type StreamingProvider } from './streaming-provider';

/** Video broadcast (spec 001): publish tokens from the configured streaming provider (BROADCAST_PROVIDER). */
@Module({
  imports: [CatalogsModule],
  controllers: [BroadcastController],
  providers: [
    BroadcastService,
    {
      provide: STREAMING_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): StreamingProvider =>
        config.broadcast.provider === 'millicast' ? new MillicastStreamingProvider(config.broadcast) : new NoStreamingProvider(),
    },
  ],
})
export class BroadcastModule {}
