import { describe, expect, it } from '@jest/globals';
import { attachmentUrl, outboxPath, statusTone } from './outbox';

describe('dev outbox helpers', () => {
  it('builds the message and attachment addresses', () => {
    expect(outboxPath(12)).toBe('/dev/outbox/12');
    expect(attachmentUrl(12, 0)).toBe('/api/mail-outbox/12/attachments/0');
    expect(attachmentUrl('1/../2', 1)).toBe('/api/mail-outbox/1%2F..%2F2/attachments/1');
  });

  it('colours the status', () => {
    expect(statusTone('sent')).toBe('success');
    expect(statusTone('failed')).toBe('error');
    expect(statusTone('queued')).toBe('neutral');
    expect(statusTone('sending')).toBe('neutral');
    expect(statusTone('other')).toBe('neutral');
  });
});
