import { useRef, useState } from 'react';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import InputIcon from '@mui/icons-material/Input';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useCanAccess, useNotify, useTranslate } from 'react-admin';
import type { NewsletterTemplateFile } from '@tourdesk/contracts/newsletter-templates.schema';
import { api } from '../../lib/api-client.ts';
import { AppDialog } from '../../ui/app-dialog.tsx';
import { IMAGE_ACCEPT, uploadFile } from '../../shared/upload-file.ts';

const RESOURCE = 'newsletter/templates';
export const TEMPLATE_FILES_KEY = ['newsletter-template-files'];

/** The address a mail program loads the image from: absolute, on the host the back office runs on. */
export const absoluteImageUrl = (file: Pick<NewsletterTemplateFile, 'url'>) =>
  new URL(file.url, window.location.origin).href;

/**
 * The images for templates: upload, thumbnails, copy the address, delete — and, inside the editor, insert
 * into the open template (`onInsert`).
 */
export function TemplateImages({ onInsert }: { onInsert?: (file: NewsletterTemplateFile) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<NewsletterTemplateFile | null>(null);
  const { canAccess: canUpload } = useCanAccess({ resource: RESOURCE, action: 'create' });
  const { canAccess: canDelete } = useCanAccess({ resource: RESOURCE, action: 'delete' });
  const { data: files = [], isPending } = useQuery({
    queryKey: [...TEMPLATE_FILES_KEY, search],
    queryFn: () =>
      api<NewsletterTemplateFile[]>(
        `/newsletter/templates/files${search ? `?lit-search=${encodeURIComponent(search)}` : ''}`,
      ),
  });

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const stored = await uploadFile<NewsletterTemplateFile>(
        '/newsletter/templates/files',
        file,
        {},
        {
          onProgress: setProgress,
        },
      );
      notify('nlTemplates.notifications.uploaded', { type: 'info', messageArgs: { name: stored.name } });
      await queryClient.invalidateQueries({ queryKey: TEMPLATE_FILES_KEY });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const copy = async (file: NewsletterTemplateFile) => {
    await navigator.clipboard.writeText(absoluteImageUrl(file));
    notify('nlTemplates.notifications.copied', { type: 'info' });
  };

  const remove = async () => {
    if (!toDelete) return;
    try {
      await api(`/newsletter/templates/files/${toDelete.id}`, { method: 'DELETE' });
      notify('nlTemplates.notifications.deleted', { type: 'info', messageArgs: { name: toDelete.name } });
      await queryClient.invalidateQueries({ queryKey: TEMPLATE_FILES_KEY });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
    setToDelete(null);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label={translate('nlTemplates.files.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {canUpload ? (
          <>
            <input
              ref={input}
              id="newsletter-image-upload"
              type="file"
              accept={IMAGE_ACCEPT.replace(',image/avif', '')}
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button variant="contained" startIcon={<AddPhotoAlternateIcon />} onClick={() => input.current?.click()}>
              {translate('nlTemplates.actions.upload')}
            </Button>
          </>
        ) : null}
      </Box>
      {progress !== null ? <LinearProgress variant="determinate" value={progress * 100} sx={{ mb: 2 }} /> : null}
      {!isPending && files.length === 0 ? (
        <Typography color="text.secondary">{translate('nlTemplates.files.empty')}</Typography>
      ) : null}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        }}
      >
        {files.map((file) => (
          <Card component="li" key={file.id} variant="outlined">
            <CardMedia
              component="img"
              image={file.thumbUrl}
              alt={file.name}
              sx={{ height: 130, objectFit: 'contain', bgcolor: 'action.hover' }}
            />
            <CardContent sx={{ py: 1 }}>
              <Typography variant="body2" noWrap title={file.name}>
                {file.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('nlTemplates.files.size', { width: file.width ?? '?', height: file.height ?? '?' })}
              </Typography>
            </CardContent>
            <CardActions sx={{ flexWrap: 'wrap' }}>
              {onInsert ? (
                <Button size="small" startIcon={<InputIcon />} onClick={() => onInsert(file)}>
                  {translate('nlTemplates.actions.insert')}
                </Button>
              ) : null}
              <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy(file)}>
                {translate('nlTemplates.actions.copyUrl')}
              </Button>
              {canDelete && !onInsert ? (
                <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setToDelete(file)}>
                  {translate('nlTemplates.actions.delete')}
                </Button>
              ) : null}
            </CardActions>
          </Card>
        ))}
      </Box>
      <AppDialog
        open={toDelete !== null}
        variant="delete"
        content={translate('nlTemplates.files.confirmDelete', { name: toDelete?.name ?? '' })}
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}

/** /newsletter/templates/files */
export function TemplateFilesPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('nlTemplates.files.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {translate('nlTemplates.files.intro')}
      </Typography>
      <TemplateImages />
    </Box>
  );
}
