import { Inject, Injectable, Logger } from '@nestjs/common';
import { Principal } from '../../core/auth/principal';
import { CatalogsService } from '../catalogs/catalogs.service';
import { BroadcastError } from './broadcast.errors';
import { STREAMING_PROVIDER, type StreamingProvider, StreamingProviderError } from './streaming-provider';

/** Video broadcast: a publish token for a live session of the caller's house. */
@Injectable()
export class BroadcastService {
  private readonly log = new Logger(BroadcastService.name);

  constructor(
    private readonly catalogs: CatalogsService,
    @Inject(STREAMING_PROVIDER) private readonly provider: StreamingProvider,
  ) {}

  /** The token, or null when no provider is configured (the call's `success: false`). */
  async publishToken(p: Principal, catalogRef: string) {
    // The session first: another house's ref, or a session that is not live, is simply not found.
    const [session] = await this.catalogs.sessionsByRefs(p.houseId, [catalogRef]);
    if (!session || session.saleType !== 'live') throw BroadcastError.sessionNotFound();
    try {
      // One stream per session, named by its ref: a token publishes only that stream.
      return await this.provider.publishToken({ streamName: session.catalogRef, label: `${p.houseRef} ${session.title}` });
    } catch (err) {
      if (!(err instanceof StreamingProviderError)) throw err;
      this.log.warn(`publish token for ${session.catalogRef}: ${err.message}`);
      throw BroadcastError.providerFailed();
    }
  }
}
