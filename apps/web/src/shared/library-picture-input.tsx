import { useState } from 'react';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { Box, Button, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { useHasAnyPermission } from '../lib/permissions.ts';
import { ImagePickerDialog, type LibraryItem } from './image-picker.tsx';
import { LibraryImage } from './library-image.tsx';

/**
 * "From the image database" for a form's single picture (a destination's): the picked image's library item goes
 * into `source` (e.g. `picture_library_item`) and its stored file into `fileSource` (e.g. `picture`); the server
 * uses that same file and records the use. Choosing another picture afterwards (an upload) drops the pick.
 */
export function LibraryPictureInput({ source, fileSource }: { source: string; fileSource: string }) {
  const translate = useTranslate();
  const canPick = useHasAnyPermission(['imagedb-read']);
  const { setValue } = useFormContext();
  const file = useWatch({ name: fileSource }) as number | null | undefined;
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<LibraryItem | null>(null);
  if (!canPick) return null;
  const current = picked && picked.id_stored_file === file ? picked : null;

  const pick = ([item]: LibraryItem[]) => {
    setOpen(false);
    if (!item) return;
    setPicked(item);
    setValue(source, item.id, { shouldDirty: true });
    setValue(fileSource, item.id_stored_file, { shouldDirty: true });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 1 }}>
      {current ? (
        <Box sx={{ maxWidth: 320 }}>
          <LibraryImage src={current.thumbUrl} alt={current.description ?? current.name} height={180} />
          <Typography variant="caption" color="text.secondary">
            {translate('images.picker.chosen', { name: current.name })}
          </Typography>
        </Box>
      ) : null}
      <Box>
        <Button variant="outlined" size="small" startIcon={<PhotoLibraryIcon />} onClick={() => setOpen(true)}>
          {translate('images.picker.open')}
        </Button>
      </Box>
      <ImagePickerDialog open={open} onClose={() => setOpen(false)} onPick={pick} />
    </Box>
  );
}
