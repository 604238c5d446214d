import { useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslate } from 'react-admin';
import type { ImageUploadConfig, LibraryItem } from '@tourdesk/contracts/images.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { uploadErrorKey, uploadFile } from '../../shared/upload-file.ts';

type Upload = {
  id: number;
  name: string;
  progress: number;
  /** a message key with its arguments, or null while it goes */
  error: { key: string; args?: Record<string, string | number> } | null;
};

let nextUploadId = 0;

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The file types as people know them: JPEG, PNG, WebP, GIF, AVIF. */
const typeNames = (types: readonly string[]) =>
  types
    .map((type) =>
      type
        .replace('image/', '')
        .replace('jpeg', 'JPEG')
        .replace(/^(png|gif|avif)$/, (m) => m.toUpperCase())
        .replace('webp', 'WebP'),
    )
    .join(', ');

/**
 * Upload into a library (spec §5 upload messages): drag and drop or choose one or many files; each shows its
 * progress, and a refusal says why — a type not allowed, too big (with the limit in MB), no more files in one
 * go, the image already in the folder, or the server's status. Files go one after another, in the order given.
 */
export function LibraryUploader({
  libraryId,
  onUploaded,
}: {
  libraryId: number;
  onUploaded: (item: LibraryItem) => void;
}) {
  const translate = useTranslate();
  const { data: config } = useQuery({
    queryKey: ['img-upload-config'],
    queryFn: () => api<ImageUploadConfig>('/img/upload-config'),
    staleTime: Infinity,
  });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const patch = (id: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  const maxBytes = config?.maxBytes ?? 15 * 1024 * 1024;
  const maxFiles = config?.maxFiles ?? 20;
  const types = config?.types ?? ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];

  const refusal = (rejection: FileRejection): Upload['error'] => {
    const code = rejection.errors[0]?.code;
    if (code === 'file-too-large') return { key: 'images.upload.tooBig', args: { mb: megabytes(maxBytes) } };
    if (code === 'too-many-files') return { key: 'images.upload.tooMany', args: { max: maxFiles } };
    return { key: 'images.upload.typeNotAllowed', args: { types: typeNames(types) } };
  };

  const send = async (files: readonly File[]) => {
    const queued = files.map((file) => ({ file, id: ++nextUploadId }));
    setUploads((current) => [
      ...current,
      ...queued.map(({ file, id }) => ({ id, name: file.name, progress: 0, error: null })),
    ]);
    for (const { file, id } of queued) {
      try {
        const item = await uploadFile<LibraryItem>(
          '/img/library-item',
          file,
          { id_img_library: libraryId },
          { onProgress: (progress) => patch(id, { progress }) },
        );
        setUploads((current) => current.filter((upload) => upload.id !== id));
        onUploaded(item);
      } catch (failure) {
        const key = uploadErrorKey(failure);
        const status = failure instanceof HttpError ? failure.status : 0;
        patch(id, {
          error:
            key === 'error.uploadSize'
              ? { key: 'images.upload.tooBig', args: { mb: megabytes(maxBytes) } }
              : key.startsWith('error.') && key !== 'error.unexpected'
                ? { key }
                : { key: 'images.upload.serverStatus', args: { status } },
        });
      }
    }
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: Object.fromEntries(types.map((type) => [type, []])),
    maxSize: maxBytes,
    maxFiles,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted, rejected) => {
      // A drop of too many files is refused whole (react-dropzone marks every file).
      if (rejected.length > 0) {
        setUploads((current) => [
          ...current,
          ...rejected.map((rejection) => ({
            id: ++nextUploadId,
            name: rejection.file.name,
            progress: 0,
            error: refusal(rejection),
          })),
        ]);
      }
      if (accepted.length > 0) void send(accepted);
    },
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Paper
        variant="outlined"
        {...getRootProps()}
        sx={{
          p: 3,
          textAlign: 'center',
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: isDragActive ? 'primary.main' : 'divider',
          bgcolor: isDragActive ? 'action.hover' : undefined,
        }}
        data-testid="library-dropzone"
      >
        <input {...getInputProps()} aria-label={translate('images.upload.choose')} />
        <CloudUploadIcon color="action" fontSize="large" aria-hidden />
        <Typography>{translate('images.upload.drop')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('images.upload.accepted', { types: typeNames(types), mb: megabytes(maxBytes), max: maxFiles })}
        </Typography>
        <Button variant="contained" onClick={open} sx={{ mt: 1 }}>
          {translate('images.upload.choose')}
        </Button>
      </Paper>
      {uploads.map((upload) => (
        <Box key={upload.id} role="status">
          {upload.error ? (
            <Alert
              severity="error"
              action={
                <IconButton
                  size="small"
                  aria-label={translate('images.upload.dismiss')}
                  onClick={() => setUploads((current) => current.filter((entry) => entry.id !== upload.id))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              }
            >
              {translate('images.upload.failed', { name: upload.name })}{' '}
              {translate(upload.error.key, upload.error.args ?? {})}
            </Alert>
          ) : (
            <>
              <Typography variant="body2">{translate('images.upload.uploading', { name: upload.name })}</Typography>
              <LinearProgress
                variant="determinate"
                value={Math.round(upload.progress * 100)}
                aria-label={translate('images.upload.uploading', { name: upload.name })}
              />
            </>
          )}
        </Box>
      ))}
    </Box>
  );
}
