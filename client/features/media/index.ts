// Only the lazily loaded gallery and shared pages import this feature (contracts/media brings zod
// along); Uppy loads later still, when the upload dialog opens.
export { MediaGallery } from './MediaGallery';
export { SharedGallery } from './SharedGallery';
