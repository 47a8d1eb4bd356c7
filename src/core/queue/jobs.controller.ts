import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, SignedIn } from '../auth/access.decorators';
import { Principal } from '../auth/principal';
import { DomainError } from '../errors/domain-error';
import { JobsService } from './jobs.service';

/** A run id that is not a UUID names no run: the same 404 as another house's run (the one path-id rule). */
const runId = new ParseUUIDPipe({ exceptionFactory: () => DomainError.notFound('Job') });

/** Progress of long work (invoice creation, imports, charge batches) for the UI and API consumers. */
@ApiTags('jobs')
@Controller('api/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @SignedIn()
  @Get(':id')
  async get(@CurrentPrincipal() p: Principal, @Param('id', runId) id: string) {
    return this.jobs.get(id, p.houseId);
  }
}
