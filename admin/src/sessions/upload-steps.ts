// Steps 3 (Upload Items) and 4 (Upload Images) load as ONE lazy chunk: they share most of their
// MUI parts, and a separate chunk made the bundler re-split the shell's shared MUI chunk, adding
// 2.5 kB gzip to the initial load (test/admin/admin-bundle.e2e.ts: at most 300 kB).
export { UploadItemsStep } from './upload-items/UploadItemsStep';
export { ImageUploadStep } from './image-upload/ImageUploadStep';
