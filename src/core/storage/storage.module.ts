import { DynamicModule, Global, Inject, Module, OnModuleDestroy } from '@nestjs/common';
import { Runtime } from '../config/runtime';
import { FILE_STORAGE, FileStorage } from './file-storage';
import { createFileStorage } from './create-file-storage';
import { UrlSigner } from './signed-url';

@Global()
@Module({})
export class StorageModule implements OnModuleDestroy {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

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

  /** The S3 client's keep-alive sockets would otherwise hold a CLI process open after its command. */
  onModuleDestroy(): void {
    this.storage.destroy?.();
  }
}
