import { useEffect, useId, useRef, useState } from 'react';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, FormHelperText, FormLabel, LinearProgress, Typography } from '@mui/material';
import { useInput, useRecordContext, useTranslate, type InputProps } from 'react-admin';
import type { StoredImage } from '@tourdesk/contracts/files.schema';
import { IMAGE_ACCEPT, uploadErrorKey, uploadFile } from './upload-file.ts';

type Props = Omit<InputProps, 'source'> & {
  /** The field that holds the stored file's id (e.g. a destination's `picture`). */
  source: string;
  /** The record's field with the current picture's address, for the preview (e.g. `pictureThumbUrl`). */
  previewSource?: string;
};

/**
 * One picture for a react-admin form: the chosen image is uploaded at once (`POST /files/images`, with
 * progress; the server's refusal is shown at the field) and the field gets the stored file's id, which the form
 * saves with the record. Removing sets it to null. The preview shows the chosen file itself until the record is
 * saved (an upload nothing uses yet is not public), and the saved picture's thumbnail afterwards.
 */
export function ImageUploadInput({ source, previewSource, label, helperText, ...props }: Props) {
  const translate = useTranslate();
  const record = useRecordContext();
  const { field, fieldState, isRequired } = useInput({ source, ...props });
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ id: number; preview: string; name: string } | null>(null);

  // The preview's object URL is released when it is replaced or the input goes away.
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  const saved = previewSource && record ? (record[previewSource] as string | null | undefined) : null;
  const value = field.value as number | null | undefined;
  const preview =
    chosen && chosen.id === value ? chosen.preview : value && value === record?.[source] ? (saved ?? null) : null;

  const choose = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const stored = await uploadFile<StoredImage>('/files/images', file, {}, { onProgress: setProgress });
      setChosen({ id: stored.id, preview: URL.createObjectURL(file), name: file.name });
      field.onChange(stored.id);
    } catch (failure) {
      setError(uploadErrorKey(failure));
    } finally {
      setProgress(null);
    }
  };

  const message = error ?? fieldState.error?.message ?? null;
  const labelText = typeof label === 'string' ? translate(label, { _: label }) : label;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, my: 1 }} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} required={isRequired}>
        {labelText ?? translate('app.imageUpload.picture')}
      </FormLabel>
      {preview ? (
        <Box
          component="img"
          src={preview}
          alt={chosen && chosen.id === value ? chosen.name : translate('app.imageUpload.current')}
          sx={{ maxWidth: 320, maxHeight: 200, objectFit: 'contain', borderRadius: 1, alignSelf: 'flex-start' }}
        />
      ) : value ? null : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.imageUpload.none')}
        </Typography>
      )}
      {progress !== null ? (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={translate('app.imageUpload.uploading')}
          sx={{ maxWidth: 320 }}
        />
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={progress !== null || props.disabled}
          onClick={() => input.current?.click()}
        >
          {translate(value ? 'app.imageUpload.change' : 'app.imageUpload.choose')}
        </Button>
        {value ? (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            disabled={progress !== null || props.disabled}
            onClick={() => {
              setChosen(null);
              field.onChange(null);
            }}
          >
            {translate('app.imageUpload.remove')}
          </Button>
        ) : null}
      </Box>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-label={translate('app.imageUpload.choose')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void choose(file);
        }}
      />
      {message ? (
        <FormHelperText error role="alert">
          {translate(message)}
        </FormHelperText>
      ) : helperText ? (
        <FormHelperText>{typeof helperText === 'string' ? translate(helperText) : helperText}</FormHelperText>
      ) : null}
    </Box>
  );
}
