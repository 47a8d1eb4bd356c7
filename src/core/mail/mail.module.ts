import { DynamicModule, Global, Module } from '@nestjs/common';
import { Runtime } from '../config/runtime';
import { createSmtpTransport, MAIL_TRANSPORT } from './mail-transport';
import { MailService } from './mail.service';
import { MailWorker } from './mail.worker';

@Global()
@Module({})
export class MailModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: MailModule,
      providers: [{ provide: MAIL_TRANSPORT, useFactory: () => createSmtpTransport(runtime.config.smtpUrl) }, MailService, MailWorker],
      exports: [MailService],
    };
  }
}
