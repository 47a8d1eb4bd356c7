import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequireAccess } from '../../core/auth/access.decorators';
import { Principal } from '../../core/auth/principal';
import { BROADCAST_TEXT } from './broadcast.errors';
import { BroadcastService } from './broadcast.service';

/** Spec 001 section 7 "Broadcast": GET /app/catalog/{eventId}/millicast-token (eventId: the session's catalogRef). */
@ApiTags('broadcast')
@Controller('app/catalog')
export class BroadcastController {
  constructor(private readonly broadcast: BroadcastService) {}

  @RequireAccess('accessConsole')
  @Get(':catalogRef/millicast-token')
  @ApiOperation({
    summary:
      `A publish token for the live session's stream: { data: { success: true, 'millicast-token', streamName, viewerUrl, whipUrl } } (whipUrl: the provider's WHIP endpoint the page publishes to with the token); ` +
      `with no provider configured { data: { success: false, 'millicast-token': null, code: 'BROADCAST_NOT_CONFIGURED', message: "${BROADCAST_TEXT.noToken}" } }. ` +
      `403 without accessConsole; 404 "${BROADCAST_TEXT.notFound}" for another house's session or one that is not live; ` +
      `503 "${BROADCAST_TEXT.fetchFailed}" when the provider fails or cannot be reached.`,
  })
  async token(@CurrentPrincipal() p: Principal, @Param('catalogRef') catalogRef: string) {
    const t = await this.broadcast.publishToken(p, catalogRef);
    // No provider is a state of the product, not a server failure: the spec's `success` flag says it.
    if (!t) return { data: { success: false, 'millicast-token': null, code: 'BROADCAST_NOT_CONFIGURED', message: BROADCAST_TEXT.noToken } };
    return { data: { success: true, 'millicast-token': t.token, streamName: t.streamName, viewerUrl: t.viewerUrl, whipUrl: t.whipUrl } };
  }
}
