import * as net from 'node:net';
import { createSmtpTransport } from './mail-transport';

describe('createSmtpTransport', () => {
  it('is null without SMTP_URL (mail stays in the outbox)', () => {
    expect(createSmtpTransport(undefined)).toBeNull();
  });

  it('applies its timeouts: a server that accepts the connection and never greets fails the attempt', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, {
      connectionTimeout: 1000,
      greetingTimeout: 200,
      socketTimeout: 1000,
    })!;
    const started = Date.now();
    try {
      await expect(transport.send({ from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' })).rejects.toThrow(/greeting/i);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      transport.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});
