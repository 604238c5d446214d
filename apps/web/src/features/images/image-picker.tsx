/**
 * The image database's picker. It lives in shared/ because other features (journeys, destinations, the blog)
 * open it and a feature never imports another feature; import it from `shared/image-picker.tsx` there.
 */
export { ImagePickerDialog, LIBRARIES_KEY, useLibraries, type LibraryItem } from '../../shared/image-picker.tsx';
