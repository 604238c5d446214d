/**
 * The image database's picker and its authenticated thumbnails, for the features that use library images (blog
 * posts). They live with the image database (features/images); features reach them through here, since a
 * feature never imports another one. (They could move here whole once the image database's screens settle.)
 */
export { ImagePickerDialog, type LibraryItem } from '../features/images/image-picker.tsx';
export { LibraryImage } from '../features/images/library-image.tsx';
