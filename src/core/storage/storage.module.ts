import { DynamicModule, Global, Module } from '@nestjs/common';
import { Runtime } from '../config/runtime';
import { FILE_STORAGE } from './file-storage';
import { LocalDiskStorage } from './local-disk.storage';
import { UrlSigner } from './signed-url';

@Global()
@Module({})
export class StorageModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        { provide: FILE_STORAGE, useFactory: () => new LocalDiskStorage(runtime.config.storageDir) },
        { provide: UrlSigner, useFactory: () => new UrlSigner(runtime.config.fileUrlSecret) },
      ],
      exports: [FILE_STORAGE, UrlSigner],
    };
  }
}
