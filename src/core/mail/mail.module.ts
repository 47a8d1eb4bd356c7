import { DynamicModule, Global, Module } from '@nestjs/common';
import { Runtime } from '../config/runtime';
import { createSmtpTransport, MAIL_TRANSPORT } from './mail-transport';
import { MailOutboxController } from './mail-outbox.controller';
import { MailService } from './mail.service';
import { MailWorker } from './mail.worker';

@Global()
@Module({})
export class MailModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: MailModule,
      controllers: [MailOutboxController],
      providers: [{ provide: MAIL_TRANSPORT, useFactory: () => createSmtpTransport(runtime.config.smtpUrl) }, MailService, MailWorker],
      exports: [MailService],
    };
  }
}
