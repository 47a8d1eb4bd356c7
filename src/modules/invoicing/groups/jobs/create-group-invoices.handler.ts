import { Injectable } from '@nestjs/common';
import { FailedJob, JobContext } from '../../../../core/queue/job-definition';
import { JobFailedHandler, JobHandler } from '../../../../core/queue/job-handler.decorator';
import { BuildResult, InvoiceBuilder } from '../../invoices/invoice-builder';
import { InvoiceGroupsService } from '../invoice-groups.service';
import { CREATE_GROUP_INVOICES, CreateGroupInvoicesPayload } from './create-group-invoices.job';

/** Thin: runs the builder with the job's progress, and records a failure for good on the group. */
@Injectable()
export class CreateGroupInvoicesHandler {
  constructor(
    private readonly builder: InvoiceBuilder,
    private readonly groups: InvoiceGroupsService,
  ) {}

  @JobHandler(CREATE_GROUP_INVOICES)
  async run(ctx: JobContext<CreateGroupInvoicesPayload>): Promise<BuildResult> {
    const houseId = ctx.houseId;
    const groupId = Number(ctx.payload?.groupId);
    if (houseId === null || !Number.isSafeInteger(groupId)) throw new Error('An invoice-group creation job needs a house and a group id.');
    const result = await this.builder.build(houseId, groupId, (done, total, message) => ctx.progress(done, total, message));
    await ctx.progress(
      4,
      4,
      result.alreadyCreated
        ? 'The invoices were already created'
        : result.missing
          ? 'The invoice group no longer exists'
          : `Created ${result.invoices} invoices`,
    );
    return result;
  }

  /**
   * The run failed for good (its last attempt threw, or the process died during it): the group
   * leaves "in progress", shows the error and offers a retry, and its sessions are free again.
   */
  @JobFailedHandler(CREATE_GROUP_INVOICES)
  async failed(job: FailedJob<CreateGroupInvoicesPayload>): Promise<void> {
    const groupId = Number(job.payload?.groupId);
    if (job.houseId === null || !Number.isSafeInteger(groupId)) return;
    await this.groups.recordCreationFailure(job.houseId, groupId, job.error, job.runId);
  }
}
