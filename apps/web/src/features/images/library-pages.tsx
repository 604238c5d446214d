import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { ImageLibrary, ImageLibraryType, LibraryItem } from '@tourdesk/contracts/images.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { AppDialog } from '../../ui/app-dialog.tsx';
import { ImageGrid, ImageTile } from '../../shared/image-grid.tsx';
import { LIBRARIES_KEY, useLibraries } from '../../shared/image-picker.tsx';
import { LibraryImage } from '../../shared/library-image.tsx';
import { LibraryUploader } from './library-uploader.tsx';

const ITEMS_KEY = 'img-library-items';

/** /imagedb/library: the libraries the user sees, with how many images each holds; create, rename, delete. */
export function LibrariesPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const canCreate = useHasAnyPermission(['imagedb-create']);
  const { data: libraries, isPending } = useLibraries();
  const [creating, setCreating] = useState(false);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('images.libraries.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {translate('images.libraries.title')}
        </Typography>
        {canCreate ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('images.libraries.create')}
          </Button>
        ) : null}
      </Stack>
      {isPending ? <LinearProgress aria-label={translate('images.libraries.loading')} /> : null}
      {libraries && libraries.length === 0 ? (
        <Alert severity="info">{translate('images.libraries.empty')}</Alert>
      ) : null}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(240px, 1fr))' },
        }}
      >
        {(libraries ?? []).map((library) => (
          <Box component="li" key={library.id}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={`/imagedb/library/${library.id}`}>
                <CardContent>
                  <Typography variant="h6" component="h3">
                    {library.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`images.types.${library.type}`)} ·{' '}
                    {translate('images.libraries.count', { smart_count: library.item_count })}
                    {library.trash_count > 0
                      ? ` · ${translate('images.libraries.trashCount', { smart_count: library.trash_count })}`
                      : ''}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      <LibraryDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(library) => {
          setCreating(false);
          navigate(`/imagedb/library/${library.id}`);
        }}
      />
    </Box>
  );
}

/** Create a library (name and type) or rename one (`library` given). */
function LibraryDialog({
  open,
  library,
  onClose,
  onSaved,
}: {
  open: boolean;
  library?: ImageLibrary;
  onClose: () => void;
  onSaved: (library: ImageLibrary) => void;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const canShare = useHasAnyPermission(['imagedb-shared']);
  const [name, setName] = useState(library?.name ?? '');
  const [type, setType] = useState<ImageLibraryType>(library?.type ?? 'library');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const types: ImageLibraryType[] = canShare
    ? ['library', 'personal', 'shared', 'trip']
    : ['library', 'personal', 'trip'];

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = library
        ? await api<ImageLibrary>(`/img/library/${library.id}`, { method: 'PATCH', body: { name } })
        : await api<ImageLibrary>('/img/library', { method: 'POST', body: { name, type } });
      await queryClient.invalidateQueries({ queryKey: LIBRARIES_KEY });
      onSaved(saved);
    } catch (failure) {
      const fields = failure instanceof HttpError ? (failure.body as { errors?: Record<string, string> }).errors : null;
      setError(fields?.name ?? (failure instanceof Error ? failure.message : 'error.unexpected'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="library-dialog-title">
      <DialogTitle id="library-dialog-title">
        {translate(library ? 'images.libraries.rename' : 'images.libraries.create')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={translate('images.libraries.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            autoFocus
            error={error !== null}
            helperText={error ? translate(error) : undefined}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          {library ? null : (
            <TextField
              select
              label={translate('images.libraries.type')}
              value={type}
              onChange={(event) => setType(event.target.value as ImageLibraryType)}
              helperText={translate(`images.typeHelp.${type}`)}
            >
              {types.map((entry) => (
                <MenuItem key={entry} value={entry}>
                  {translate(`images.types.${entry}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dialog.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || name.trim() === ''}>
          {translate('images.actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Page = { total: number; data: LibraryItem[] };
type Usage = { kind: string; id: number; label: string; holds_file: boolean };
/** A refused trash or delete: the image, what it was, and where it is used. */
type Refusal = { item: LibraryItem; permanent: boolean; usages: Usage[] };

/**
 * /imagedb/library/{id}: one library's images — upload, search, a grid with edit and trash; the trash tab with
 * restore, delete for good and empty trash. An image still used somewhere says where before it goes.
 */
export function LibraryPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const canCreate = useHasAnyPermission(['imagedb-create']);
  const canUpdate = useHasAnyPermission(['imagedb-update']);
  const canDelete = useHasAnyPermission(['imagedb-delete']);
  const [tab, setTab] = useState<'images' | 'trash'>('images');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(60);
  const [editing, setEditing] = useState<LibraryItem | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'empty' | 'library'; item?: LibraryItem } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const { data: library, error: libraryError } = useQuery({
    queryKey: [...LIBRARIES_KEY, id],
    queryFn: () => api<ImageLibrary>(`/img/library/${id}`),
    enabled: Number.isInteger(id),
    retry: false,
  });
  const trash = tab === 'trash';
  const params = new URLSearchParams({ id_img_library: String(id), $limit: String(limit), 'lit-sort': '-id' });
  if (trash) params.set('trash', 'true');
  if (search.trim()) params.set('lit-search', search.trim());
  const { data, isPending } = useQuery({
    queryKey: [ITEMS_KEY, id, trash, search.trim(), limit],
    queryFn: () => api<Page>(`/img/library-item?${params.toString()}`),
    enabled: Number.isInteger(id),
    placeholderData: (previous) => previous,
  });
  const items = data?.data ?? [];

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [ITEMS_KEY] });
    await queryClient.invalidateQueries({ queryKey: LIBRARIES_KEY });
  };

  /** Trash or delete; a 409 opens the list of uses (with "anyway" where that is safe). */
  const remove = async (item: LibraryItem, permanent: boolean, force = false) => {
    setBusy(true);
    try {
      const query = [permanent ? 'permanent=true' : '', force ? 'force=true' : ''].filter(Boolean).join('&');
      await api(`/img/library-item/${item.id}${query ? `?${query}` : ''}`, { method: 'DELETE' });
      notify(permanent ? 'images.notifications.deleted' : 'images.notifications.trashed', {
        type: 'info',
        messageArgs: { name: item.name },
      });
      setRefusal(null);
      setConfirm(null);
      await refresh();
    } catch (failure) {
      if (failure instanceof HttpError && failure.status === 409) {
        const usages = await api<Usage[]>(`/img/library-item/${item.id}/usage`);
        setConfirm(null);
        setRefusal({ item, permanent, usages });
      } else notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const restore = async (item: LibraryItem) => {
    try {
      await api(`/img/library-item/${item.id}/restore`, { method: 'POST' });
      notify('images.notifications.restored', { type: 'info', messageArgs: { name: item.name } });
      await refresh();
    } catch (failure) {
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    }
  };

  const emptyTrash = async () => {
    setBusy(true);
    try {
      const result = await api<{ deleted: number; kept: number }>(`/img/library/${id}/trash`, { method: 'DELETE' });
      notify(result.kept > 0 ? 'images.notifications.emptiedKept' : 'images.notifications.emptied', {
        type: 'info',
        messageArgs: { smart_count: result.deleted, kept: result.kept },
      });
      setConfirm(null);
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const deleteLibrary = async () => {
    setBusy(true);
    try {
      await api(`/img/library/${id}`, { method: 'DELETE' });
      await queryClient.invalidateQueries({ queryKey: LIBRARIES_KEY });
      navigate('/imagedb/library');
    } catch (failure) {
      setConfirm(null);
      notify(
        failure instanceof HttpError && failure.status === 409 ? 'images.libraries.notEmpty' : 'error.unexpected',
        { type: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };

  if (libraryError) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translate('error.notFound')}</Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title={library?.name ?? translate('images.libraries.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Tooltip title={translate('images.libraries.back')}>
          <IconButton component={RouterLink} to="/imagedb/library" aria-label={translate('images.libraries.back')}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h2" noWrap>
            {library?.name ?? ''}
          </Typography>
          {library ? (
            <Typography variant="body2" color="text.secondary">
              {translate(`images.types.${library.type}`)}
            </Typography>
          ) : null}
        </Box>
        {canUpdate && library ? (
          <Button startIcon={<EditIcon />} onClick={() => setRenaming(true)}>
            {translate('images.libraries.rename')}
          </Button>
        ) : null}
        {canDelete && library && library.item_count + library.trash_count === 0 ? (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirm({ kind: 'library' })}>
            {translate('images.libraries.delete')}
          </Button>
        ) : null}
      </Stack>
      <Tabs value={tab} onChange={(_event, value: 'images' | 'trash') => setTab(value)}>
        <Tab value="images" label={translate('images.tabs.images', { smart_count: library?.item_count ?? 0 })} />
        <Tab value="trash" label={translate('images.tabs.trash', { smart_count: library?.trash_count ?? 0 })} />
      </Tabs>
      {!trash && canCreate ? <LibraryUploader libraryId={id} onUploaded={() => void refresh()} /> : null}
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          type="search"
          size="small"
          label={translate('images.picker.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: 1, minWidth: 200 }}
        />
        {trash && canDelete && items.length > 0 ? (
          <Button color="error" startIcon={<DeleteForeverIcon />} onClick={() => setConfirm({ kind: 'empty' })}>
            {translate('images.actions.emptyTrash')}
          </Button>
        ) : null}
      </Stack>
      {isPending ? <LinearProgress aria-label={translate('images.picker.loading')} /> : null}
      {!isPending && items.length === 0 ? (
        <Alert severity="info">{translate(trash ? 'images.trash.empty' : 'images.picker.empty')}</Alert>
      ) : (
        <ImageGrid label={translate(trash ? 'images.trash.grid' : 'images.picker.grid')}>
          {items.map((item) => (
            <ImageTile
              key={item.id}
              item={item}
              footer={
                <CardActions sx={{ pt: 0 }}>
                  {trash ? (
                    <>
                      {canDelete ? (
                        <ActionButton
                          label={translate('images.actions.restoreNamed', { name: item.name })}
                          onClick={() => void restore(item)}
                        >
                          <RestoreFromTrashIcon />
                        </ActionButton>
                      ) : null}
                      {canDelete ? (
                        <ActionButton
                          label={translate('images.actions.deleteNamed', { name: item.name })}
                          color="error"
                          onClick={() => setConfirm({ kind: 'delete', item })}
                        >
                          <DeleteForeverIcon />
                        </ActionButton>
                      ) : null}
                    </>
                  ) : (
                    <>
                      <ActionButton
                        label={translate('images.actions.editNamed', { name: item.name })}
                        onClick={() => setEditing(item)}
                      >
                        <EditIcon />
                      </ActionButton>
                      {canDelete ? (
                        <ActionButton
                          label={translate('images.actions.trashNamed', { name: item.name })}
                          color="error"
                          onClick={() => void remove(item, false)}
                        >
                          <DeleteIcon />
                        </ActionButton>
                      ) : null}
                    </>
                  )}
                </CardActions>
              }
            />
          ))}
        </ImageGrid>
      )}
      {data && data.total > items.length ? (
        <Box sx={{ textAlign: 'center' }}>
          <Button onClick={() => setLimit((current) => current + 60)}>{translate('images.picker.more')}</Button>
        </Box>
      ) : null}

      {editing ? (
        <ItemDialog
          item={editing}
          canUpdate={canUpdate}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify('images.notifications.saved', { type: 'info' });
            void refresh();
          }}
        />
      ) : null}
      {library && renaming ? (
        <LibraryDialog
          open
          library={library}
          onClose={() => setRenaming(false)}
          onSaved={() => {
            setRenaming(false);
            void refresh();
          }}
        />
      ) : null}
      <AppDialog
        open={confirm?.kind === 'delete'}
        variant="delete"
        title={translate('images.trash.deleteTitle')}
        content={translate('images.trash.deleteContent', { name: confirm?.item?.name ?? '' })}
        busy={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm?.item ? void remove(confirm.item, true) : undefined)}
      />
      <AppDialog
        open={confirm?.kind === 'empty'}
        variant="delete"
        title={translate('images.trash.emptyTitle')}
        content={translate('images.trash.emptyContent')}
        busy={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => void emptyTrash()}
      />
      <AppDialog
        open={confirm?.kind === 'library'}
        variant="delete"
        title={translate('images.libraries.delete')}
        content={translate('images.libraries.deleteContent', { name: library?.name ?? '' })}
        busy={busy}
        onClose={() => setConfirm(null)}
        onConfirm={() => void deleteLibrary()}
      />
      <UsageDialog
        refusal={refusal}
        busy={busy}
        onClose={() => setRefusal(null)}
        onAnyway={(current) => void remove(current.item, current.permanent, true)}
      />
    </Box>
  );
}

function ActionButton({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: 'error';
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} color={color} onClick={onClick} size="small">
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * Where a refused image is used. Moving it to the trash anyway is always safe (nothing changes for its uses, it
 * can be restored); deleting it for good anyway only when every use holds the stored file itself (journey
 * images, destination pictures, template images keep showing it) — otherwise the uses must go first.
 */
function UsageDialog({
  refusal,
  busy,
  onClose,
  onAnyway,
}: {
  refusal: Refusal | null;
  busy: boolean;
  onClose: () => void;
  onAnyway: (refusal: Refusal) => void;
}) {
  const translate = useTranslate();
  const safe = refusal !== null && (!refusal.permanent || refusal.usages.every((usage) => usage.holds_file));
  return (
    <Dialog open={refusal !== null} onClose={onClose} aria-labelledby="usage-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="usage-dialog-title">{translate('images.usage.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('images.usage.intro', { name: refusal?.item.name ?? '' })}</DialogContentText>
        <List dense>
          {(refusal?.usages ?? []).map((usage) => (
            <ListItem key={`${usage.kind}-${usage.id}`}>
              <ListItemText
                primary={usage.label}
                secondary={`${translate(`images.usage.kinds.${usage.kind}`, { _: usage.kind })} ${usage.id}`}
              />
            </ListItem>
          ))}
        </List>
        <DialogContentText>
          {translate(
            safe
              ? refusal?.permanent
                ? 'images.usage.deleteAnywayHelp'
                : 'images.usage.trashAnywayHelp'
              : 'images.usage.removeUsesFirst',
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('app.dialog.cancel')}
        </Button>
        {safe && refusal ? (
          <Button color="error" variant="contained" disabled={busy} onClick={() => onAnyway(refusal)}>
            {translate(refusal.permanent ? 'images.usage.deleteAnyway' : 'images.usage.trashAnyway')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** Name, description and copyright of an image, with what it is: size, ratio, file name, licence. */
function ItemDialog({
  item,
  canUpdate,
  onClose,
  onSaved,
}: {
  item: LibraryItem;
  canUpdate: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(item.name);
  const [description, setDescription] = useState(item.description ?? '');
  const [copyright, setCopyright] = useState(item.copyright ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await api(`/img/library-item/${item.id}`, { method: 'PATCH', body: { name, description, copyright } });
      onSaved();
    } catch (failure) {
      const fields = failure instanceof HttpError ? (failure.body as { errors?: Record<string, string> }).errors : null;
      setErrors(fields ?? { name: failure instanceof Error ? failure.message : 'error.unexpected' });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: 'name' | 'description' | 'copyright') => ({
    label: translate(`images.fields.${key}`),
    error: errors[key] !== undefined,
    helperText: errors[key] ? translate(errors[key]) : undefined,
    disabled: !canUpdate,
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="item-dialog-title">
      <DialogTitle id="item-dialog-title">{translate('images.edit.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
          <LibraryImage
            src={item.url}
            alt={item.description ?? item.name}
            height={240}
            style={{ objectFit: 'contain' }}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('images.edit.facts', {
            width: item.width,
            height: item.height,
            ratio: item.ratio,
            file: item.original_name,
          })}
          {item.licence_state !== 'none' ? ` · ${translate(`images.licence.${item.licence_state}`)}` : ''}
        </Typography>
        <Stack spacing={2}>
          <TextField
            {...field('name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            {...field('description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <TextField
            {...field('copyright')}
            value={copyright}
            onChange={(event) => setCopyright(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dialog.cancel')}</Button>
        {canUpdate ? (
          <Button variant="contained" disabled={busy} onClick={() => void save()}>
            {translate('images.actions.save')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
