import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../../../core/auth/access.decorators';
import { Principal } from '../../../core/auth/principal';
import { DefaultFeedbacksDto, parseDefaultFeedbacks } from './feedback.input';
import { FeedbackMessagesService } from './feedback.service';

/**
 * Default Feedback Messages (spec 001: "GET and POST default feedbacks (body defaultFeedbacks) ...
 * path not shown"; the path is chosen in docs/decisions/sale-results.md). Every signed-in user of
 * the house, as the admin menu shows the page to all.
 */
@ApiTags('customers')
@Controller('app/house/:houseRef')
export class FeedbackMessagesController {
  constructor(private readonly feedback: FeedbackMessagesService) {}

  @SignedIn()
  @Get('defaultFeedbacks')
  @ApiOperation({ summary: "The house's three default feedback messages: { data: { defaultFeedbacks: [{ feedbackID, message }] } }." })
  async list(@CurrentPrincipal() p: Principal) {
    return { data: { defaultFeedbacks: await this.feedback.list(p.houseId) } };
  }

  @SignedIn()
  @Post('defaultFeedbacks')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Saves the three messages { defaultFeedbacks: [{ feedbackID: 1..3, message }] }: { data: { success: true, defaultFeedbacks } }. ' +
      '400 a message blank or longer than 250 characters (errors message1..message3), or not exactly the three.',
  })
  async save(@CurrentPrincipal() p: Principal, @Body() body: DefaultFeedbacksDto) {
    return { data: { success: true, defaultFeedbacks: await this.feedback.save(p.houseId, parseDefaultFeedbacks(body)) } };
  }
}
