import { taxesLocked } from './template-usage';
import { TemplateUsage } from './template-ports';

describe('template usage', () => {
  const stub = (invoices: boolean): TemplateUsage & { asked: number[] } => {
    const asked: number[] = [];
    return {
      asked,
      hasInvoices: async (id) => {
        asked.push(id);
        return invoices;
      },
      isInUse: async () => invoices,
    };
  };

  it("locks a card-processor template's taxes once invoices exist for a sale using it", async () => {
    const usage = stub(true);
    await expect(taxesLocked({ id: 7, payrixTemplate: true }, usage)).resolves.toBe(true);
    expect(usage.asked).toEqual([7]);
  });

  it('leaves them open while no invoice exists', async () => {
    await expect(taxesLocked({ id: 7, payrixTemplate: true }, stub(false))).resolves.toBe(false);
  });

  it('never locks an ordinary template, nor a template being created, and does not ask', async () => {
    const usage = stub(true);
    await expect(taxesLocked({ id: 7, payrixTemplate: false }, usage)).resolves.toBe(false);
    await expect(taxesLocked(null, usage)).resolves.toBe(false);
    expect(usage.asked).toEqual([]);
  });
});
