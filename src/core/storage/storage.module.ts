import { DynamicModule, Global, Module } from '@nestjs/common';
import { Runtime } from '../config/runtime';
import { FILE_STORAGE } from './file-storage';
import { createFileStorage } from './create-file-storage';
import { UrlSigner } from './signed-url';

@Global()
@Module({})
export class StorageModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: FILE_STORAGE, useFactory: () => createFileStorage(runtime.config.storage) },
        { provide: UrlSigner, useFactory: () => new UrlSigner(runtime.config.fileUrlSecret) },
      ],
      exports: [FILE_STORAGE, UrlSigner],
    };
  }
}
