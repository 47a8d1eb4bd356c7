import { InvoiceGroupsService } from '../../src/modules/invoicing/groups/invoice-groups.service';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';
import { inContext, postGroup, seedSale, seedTemplate } from './support';

/**
 * The sweep that leaves no group "in progress" for ever (InvoiceGroupRecoveryTasks, at worker start
 * and every five minutes): a group whose run failed without its failure handler is failed (retry
 * offered); a group that never got a run gets one; a group being created now is left alone.
 */
describe('stuck invoice groups are recovered', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let template: number;

  const create = async (title: string): Promise<number> => {
    const s = await seedSale(t.em(), houses.a.id, { bidders: [{}], sessions: [{ lots: [{ hammer: 1_000, winner: 0 }] }] });
    const res = await postGroup(owner, houses.a.houseRef, {
      catalogRefs: [s.sessions[0].ref],
      groupTitle: title,
      invoiceSettingsID: template,
    });
    expect(res.status).toBe(200);
    return res.body.data.invoiceGroupID as number;
  };
  const row = async (id: number) =>
    (
      await t
        .em()
        .getConnection()
        .execute(
          'select g.creation_error, g.creation_job_id, j.status from invoice_group g left join job_run j on j.id = g.creation_job_id where g.id = ?',
          [id],
        )
    )[0] as { creation_error: string | null; creation_job_id: string | null; status: string | null };
  const sweep = () => inContext(t, () => t.app.get(InvoiceGroupsService).recoverStuckCreations(60));

  beforeAll(async () => {
    // Jobs are recorded but not processed: the runs stay as this test sets them.
    t = await createTestApp({ redis: false, processJobs: false });
    houses = await seedTwoHouses(t.em());
    template = await seedTemplate(t.em(), houses.a.id);
    owner = await signIn(t.server, houses.a.houseRef, 'owner');
  });
  afterAll(() => t?.close());

  it('fails a group whose run failed, gives a run to an old group without one, and leaves young and running ones alone', async () => {
    const conn = t.em().getConnection();
    const failedRun = await create('Run failed, handler never ran');
    await conn.execute(`update job_run set status = 'failed', error = 'database went away' where id = ?`, [
      (await row(failedRun)).creation_job_id,
    ]);
    const lost = await create('Committed, never enqueued');
    await conn.execute(`update invoice_group set creation_job_id = null, created_at = now() - interval '2 minutes' where id = ?`, [lost]);
    const young = await create('Committed a moment ago, not enqueued yet');
    await conn.execute('update invoice_group set creation_job_id = null where id = ?', [young]);
    const queued = await create('Queued');
    const queuedBefore = await row(queued);

    expect(await sweep()).toEqual({ failed: 1, enqueued: 1 });

    const failed = (await owner.agent.get(`/api/invoice-groups/${failedRun}`).expect(200)).body;
    expect(failed).toEqual(expect.objectContaining({ invoiceCreated: false, creationError: 'database went away' }));
    const revived = await row(lost);
    expect(revived).toEqual(expect.objectContaining({ creation_error: null, creation_job_id: expect.any(String), status: 'queued' }));
    expect(await row(young)).toEqual(expect.objectContaining({ creation_error: null, creation_job_id: null }));
    expect(await row(queued)).toEqual(queuedBefore);

    // Idempotent: a second sweep finds nothing left to do.
    expect(await sweep()).toEqual({ failed: 0, enqueued: 0 });
  });
});
