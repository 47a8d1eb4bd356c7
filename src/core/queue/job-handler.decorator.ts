import { SetMetadata } from '@nestjs/common';
import { JobDefinition } from './job-definition';

export const JOB_HANDLER = 'queue:job-handler';
export const JOB_FAILED_HANDLER = 'queue:job-failed-handler';

/** Marks a provider method as the handler of a job; handlers must be idempotent. */
export const JobHandler = (def: JobDefinition<unknown>) => SetMetadata(JOB_HANDLER, def);

/**
 * Marks a provider method as what runs once a run of the job has failed for good, however it
 * failed: its last attempt threw, its last attempt was interrupted (the process died), or the
 * driver gave up on it. Must be idempotent too (a crash right after it may run it again).
 */
export const JobFailedHandler = (def: JobDefinition<unknown>) => SetMetadata(JOB_FAILED_HANDLER, def);
