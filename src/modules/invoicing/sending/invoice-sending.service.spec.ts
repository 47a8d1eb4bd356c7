import { deliveryOf } from './invoice-sending.service';

describe('deliveryOf (the Sent page delivery of an invoice)', () => {
  const row = (status: 'recorded' | 'queued' | 'not_sent', mail_status: string | null = null, extra = {}) => ({
    status,
    reason: null,
    mail_status,
    last_error: null,
    ...extra,
  });

  it('is not_requested without a send row', () => {
    expect(deliveryOf(undefined)).toEqual({ delivery: 'not_requested', deliveryReason: null });
  });

  it('is not_sent with the row reason', () => {
    expect(deliveryOf(row('not_sent', null, { reason: 'The bidder has no email address.' }))).toEqual({
      delivery: 'not_sent',
      deliveryReason: 'The bidder has no email address.',
    });
  });

  it("follows the mail's outbox status: sent, failed with its last error, else queued", () => {
    expect(deliveryOf(row('recorded'))).toEqual({ delivery: 'queued', deliveryReason: null });
    expect(deliveryOf(row('queued', 'sending'))).toEqual({ delivery: 'queued', deliveryReason: null });
    expect(deliveryOf(row('queued', 'queued', { last_error: 'connect ECONNREFUSED' }))).toEqual({
      delivery: 'queued',
      deliveryReason: 'connect ECONNREFUSED',
    });
    expect(deliveryOf(row('queued', 'sent', { last_error: null }))).toEqual({ delivery: 'sent', deliveryReason: null });
    expect(deliveryOf(row('queued', 'failed', { last_error: '550 mailbox unavailable' }))).toEqual({
      delivery: 'failed',
      deliveryReason: '550 mailbox unavailable',
    });
  });
});
