import { useRef, useState, type DragEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  IconButton,
  LinearProgress,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import type { JourneyImage } from '@tourdesk/contracts/journeys.schema';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { AppDialog } from '../../ui/app-dialog.tsx';
import { useLightbox } from '../../ui/lightbox.tsx';
import { IMAGE_ACCEPT, uploadErrorKey, uploadFile } from '../../shared/upload-file.ts';
import { ImagePickerDialog, type LibraryItem } from '../../shared/image-picker.tsx';

type Upload = { id: number; name: string; progress: number; error: string | null };
type Hotel = { id: number; name: string };

const imagesKey = (journeyId: number) => ['journey-images', journeyId];

/** The journey's hotels, for "this picture shows hotel …"; none when the journey cannot be read. */
function useHotels(journeyId: number): Hotel[] {
  const { data } = useQuery({
    queryKey: ['journey-lit', journeyId],
    queryFn: () => api<{ accommodations?: Hotel[] }>(`/journey-lit/${journeyId}`),
    retry: false,
  });
  return data?.accommodations ?? [];
}

let nextUploadId = 0;

/**
 * The "images" tab of the trip editor: upload (drag and drop or the button, several files, with progress and the
 * server's reasons for refusing one), the images in their order as a grid of thumbnails, caption, copyright and
 * hotel per image, moving up and down, deleting with confirmation, and the lightbox to view them large.
 */
export function JourneyImagesTab({ journeyId }: { journeyId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const lightbox = useLightbox();
  const canUpload = useHasAnyPermission(['internet-create', 'internet-update']);
  const canEdit = useHasAnyPermission(['internet-update']);
  const canDelete = useHasAnyPermission(['internet-delete']);
  const canPick = useHasAnyPermission(['imagedb-read']);
  const notify = useNotify();
  const [picking, setPicking] = useState(false);
  const hotels = useHotels(journeyId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const {
    data: images,
    isPending,
    error,
  } = useQuery({
    queryKey: imagesKey(journeyId),
    queryFn: () => api<JourneyImage[]>(`/journey/files?journey=${journeyId}`),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: imagesKey(journeyId) });

  const patchUpload = (id: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  /** One after another, so the images land in the order they were chosen. */
  const uploadAll = async (files: readonly File[]) => {
    const queued = files.map((file) => ({ file, id: ++nextUploadId }));
    setUploads((current) => [
      ...current,
      ...queued.map(({ file, id }) => ({ id, name: file.name, progress: 0, error: null })),
    ]);
    for (const { file, id } of queued) {
      try {
        await uploadFile<JourneyImage>(
          '/journey/files',
          file,
          { journey: journeyId },
          { onProgress: (progress) => patchUpload(id, { progress }) },
        );
        setUploads((current) => current.filter((upload) => upload.id !== id));
        await refresh();
      } catch (failure) {
        patchUpload(id, { error: uploadErrorKey(failure) });
      }
    }
  };

  /** Library images become the trip's images (the server uses the same stored files). */
  const addFromLibrary = async (items: LibraryItem[]) => {
    setPicking(false);
    try {
      await api('/journey/files/from-library', {
        method: 'POST',
        body: { journey: journeyId, items: items.map((item) => item.id) },
      });
      notify('journeys.images.fromLibraryAdded', { type: 'success', messageArgs: { smart_count: items.length } });
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    }
    await refresh();
  };

  if (isPending) return <PageLoading />;
  if (error) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate(error.message)}
      </Alert>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2 }}>
      {canUpload ? <DropZone onFiles={(files) => void uploadAll(files)} /> : null}
      {canUpload && canPick ? (
        <Box>
          <Button variant="outlined" startIcon={<PhotoLibraryIcon />} onClick={() => setPicking(true)}>
            {translate('images.picker.open')}
          </Button>
          <ImagePickerDialog
            open={picking}
            multiple
            onClose={() => setPicking(false)}
            onPick={(items) => void addFromLibrary(items)}
          />
        </Box>
      ) : null}
      {uploads.map((upload) => (
        <UploadRow
          key={upload.id}
          upload={upload}
          onDismiss={() => setUploads((current) => current.filter((entry) => entry.id !== upload.id))}
        />
      ))}
      {images.length === 0 ? (
        <Typography color="text.secondary">{translate('journeys.images.empty')}</Typography>
      ) : (
        <Box
          component="ol"
          aria-label={translate('journeys.images.title')}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          }}
        >
          {images.map((image, index) => (
            <li key={image.id}>
              <ImageCard
                image={image}
                index={index}
                total={images.length}
                hotels={hotels}
                canEdit={canEdit}
                canDelete={canDelete}
                onOpen={() =>
                  lightbox.open(
                    images.map((entry) => ({ src: entry.url, alt: entry.caption ?? entry.original_name })),
                    index,
                  )
                }
                onChanged={refresh}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Drop files here, or pick them with the button (which is what keyboard and screen reader users use). */
function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };
  return (
    <Box
      data-testid="journey-images-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
      }}
    >
      <Typography>{translate('journeys.images.drop')}</Typography>
      <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        {translate('journeys.images.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        aria-label={translate('journeys.images.choose')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('journeys.images.hint')}
      </Typography>
    </Box>
  );
}

function UploadRow({ upload, onDismiss }: { upload: Upload; onDismiss: () => void }) {
  const translate = useTranslate();
  if (upload.error) {
    return (
      <Alert
        severity="error"
        action={
          <IconButton size="small" aria-label={translate('journeys.images.dismiss')} onClick={onDismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {translate('journeys.images.failed', { name: upload.name })} {translate(upload.error)}
      </Alert>
    );
  }
  return (
    <Box>
      <Typography variant="body2">{translate('journeys.images.uploading', { name: upload.name })}</Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round(upload.progress * 100)}
        aria-label={translate('journeys.images.uploading', { name: upload.name })}
      />
    </Box>
  );
}

type CardProps = {
  image: JourneyImage;
  index: number;
  total: number;
  hotels: Hotel[];
  canEdit: boolean;
  canDelete: boolean;
  onOpen: () => void;
  onChanged: () => Promise<void>;
};

function ImageCard({ image, index, total, hotels, canEdit, canDelete, onOpen, onChanged }: CardProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [caption, setCaption] = useState(image.caption ?? '');
  const [copyright, setCopyright] = useState(image.copyright ?? '');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = image.caption ?? image.original_name;

  const send = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) notify(done, { type: 'info' });
      await onChanged();
    } catch (failure) {
      notify(uploadErrorKey(failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const patch = (body: object) =>
    send(() => api(`/journey/files/${image.id}`, { method: 'PATCH', body }), 'journeys.images.saved');
  const saveText = (field: 'caption' | 'copyright', value: string) => {
    if (value.trim() !== (image[field] ?? '')) void patch({ [field]: value });
  };

  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="button"
        type="button"
        onClick={onOpen}
        aria-label={translate('journeys.images.open', { name })}
        sx={{ p: 0, border: 0, cursor: 'zoom-in', bgcolor: 'action.hover', display: 'block', width: '100%' }}
      >
        <CardMedia
          component="img"
          image={image.thumbUrl}
          alt={name}
          loading="lazy"
          sx={{ height: 180, objectFit: 'cover' }}
        />
      </Box>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {translate('journeys.images.position', { position: index + 1, total })} · {image.original_name}
        </Typography>
        <TextField
          label={translate('journeys.images.caption')}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
          onBlur={() => saveText('caption', caption)}
          disabled={!canEdit}
          size="small"
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <TextField
          label={translate('journeys.images.copyright')}
          value={copyright}
          onChange={(event) => setCopyright(event.target.value)}
          onBlur={() => saveText('copyright', copyright)}
          disabled={!canEdit}
          size="small"
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {hotels.length > 0 ? (
          <TextField
            select
            label={translate('journeys.images.hotel')}
            value={image.id_jrn_accommodation ?? ''}
            onChange={(event) =>
              void patch({ id_jrn_accommodation: event.target.value === '' ? null : Number(event.target.value) })
            }
            disabled={!canEdit || busy}
            size="small"
            // "No hotel" shows as the value instead of an empty field.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate('journeys.images.noHotel')}</MenuItem>
            {hotels.map((hotel) => (
              <MenuItem key={hotel.id} value={hotel.id}>
                {hotel.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </CardContent>
      <CardActions>
        {canEdit ? (
          <>
            <MoveButton
              direction="up"
              disabled={busy || index === 0}
              onClick={() => void patch({ position: index - 1 })}
            />
            <MoveButton
              direction="down"
              disabled={busy || index === total - 1}
              onClick={() => void patch({ position: index + 1 })}
            />
          </>
        ) : null}
        {canDelete ? (
          <Tooltip title={translate('journeys.images.delete')}>
            <IconButton
              aria-label={translate('journeys.images.delete')}
              color="error"
              sx={{ ml: 'auto' }}
              onClick={() => setConfirming(true)}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        ) : null}
      </CardActions>
      <AppDialog
        open={confirming}
        variant="delete"
        title={translate('journeys.images.deleteTitle')}
        content={translate('journeys.images.deleteContent', { name: image.original_name })}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void send(() => api(`/journey/files/${image.id}`, { method: 'DELETE' }), 'journeys.images.deleted').then(() =>
            setConfirming(false),
          )
        }
      />
    </Card>
  );
}

/** Moves an image one place; a tooltip names what the arrow does (a disabled button needs the span for it). */
function MoveButton({
  direction,
  disabled,
  onClick,
}: {
  direction: 'up' | 'down';
  disabled: boolean;
  onClick: () => void;
}) {
  const translate = useTranslate();
  const label = translate(direction === 'up' ? 'journeys.images.moveUp' : 'journeys.images.moveDown');
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} disabled={disabled} onClick={onClick}>
          {direction === 'up' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
