import { SetMetadata } from '@nestjs/common';
import { JobDefinition } from './job-definition';

export const JOB_HANDLER = 'queue:job-handler';

/** Marks a provider method as the handler of a job; handlers must be idempotent. */
export const JobHandler = (def: JobDefinition<unknown>) => SetMetadata(JOB_HANDLER, def);
