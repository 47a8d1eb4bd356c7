import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../auth/access.decorators';
import { Principal } from '../auth/principal';
import { JobsService } from './jobs.service';

/** Progress of long work (invoice creation, imports, charge batches) for the UI and API consumers. */
@ApiTags('jobs')
@Controller('api/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @SignedIn()
  @Get(':id')
  async get(@CurrentPrincipal() p: Principal, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.jobs.get(id, p.houseId);
  }
}
