import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { ImageLibrary, LibraryItem } from '@tourdesk/contracts/images.schema';
import { api } from '../../lib/api-client.ts';
import { ImageGrid, ImageTile } from './image-grid.tsx';

export type { LibraryItem };

const PAGE = 48;

export const LIBRARIES_KEY = ['img-libraries'];

/** The libraries the user sees (GET /img/library/all). */
export const useLibraries = (enabled = true) =>
  useQuery({ queryKey: LIBRARIES_KEY, queryFn: () => api<ImageLibrary[]>('/img/library/all'), enabled });

type Page = { total: number; data: LibraryItem[] };

/** A value that follows `value` once it has stood still for `delay` ms (typing a search). */
function useSettled<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Choose images from the image database (issue #15): a library, a search over name, description and file name,
 * a grid of thumbnails to select (each a toggle button, so Tab/Space/Enter work), and a button that hands the
 * chosen items to `onPick`. With `multiple` false, choosing one replaces the choice.
 */
export function ImagePickerDialog({
  open,
  onClose,
  onPick,
  multiple = false,
  title,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (items: LibraryItem[]) => void;
  multiple?: boolean;
  title?: string;
}) {
  const translate = useTranslate();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="image-picker-title"
    >
      <DialogTitle id="image-picker-title">{title ?? translate('images.picker.title')}</DialogTitle>
      {/* Mounted while open only: each opening starts with no choice and no search. */}
      {open ? <PickerBody onClose={onClose} onPick={onPick} multiple={multiple} /> : null}
    </Dialog>
  );
}

function PickerBody({
  onClose,
  onPick,
  multiple,
}: {
  onClose: () => void;
  onPick: (items: LibraryItem[]) => void;
  multiple: boolean;
}) {
  const translate = useTranslate();
  const [library, setLibrary] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [chosen, setChosen] = useState<LibraryItem[]>([]);
  const query = useSettled(search.trim());
  const { data: libraries = [] } = useLibraries();

  const params = new URLSearchParams({ $limit: String(limit), 'lit-sort': '-id' });
  if (library !== '') params.set('id_img_library', String(library));
  if (query) params.set('lit-search', query);
  const { data, isPending, isError } = useQuery({
    queryKey: ['img-library-items', 'picker', library, query, limit],
    queryFn: () => api<Page>(`/img/library-item?${params.toString()}`),
    placeholderData: (previous) => previous,
  });
  const items = data?.data ?? [];

  const toggle = (item: LibraryItem) =>
    setChosen((current) => {
      const has = current.some((other) => other.id === item.id);
      if (has) return current.filter((other) => other.id !== item.id);
      return multiple ? [...current, item] : [item];
    });

  return (
    <>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label={translate('images.picker.library')}
            value={library}
            onChange={(event) => {
              setLibrary(event.target.value === '' ? '' : Number(event.target.value));
              setLimit(PAGE);
            }}
            sx={{ minWidth: 220 }}
            size="small"
          >
            <MenuItem value="">{translate('images.picker.allLibraries')}</MenuItem>
            {libraries.map((entry) => (
              <MenuItem key={entry.id} value={entry.id}>
                {entry.name} ({entry.item_count})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="search"
            label={translate('images.picker.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setLimit(PAGE);
            }}
            size="small"
            sx={{ flex: 1 }}
          />
        </Stack>
        {isPending ? <LinearProgress aria-label={translate('images.picker.loading')} /> : null}
        {isError ? <Alert severity="error">{translate('error.unexpected')}</Alert> : null}
        {!isPending && items.length === 0 ? (
          <Alert severity="info">{translate('images.picker.empty')}</Alert>
        ) : (
          <ImageGrid label={translate('images.picker.grid')}>
            {items.map((item) => (
              <ImageTile
                key={item.id}
                item={item}
                selected={chosen.some((other) => other.id === item.id)}
                onToggle={() => toggle(item)}
              />
            ))}
          </ImageGrid>
        )}
        {data && data.total > items.length ? (
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Button onClick={() => setLimit((current) => current + PAGE)}>{translate('images.picker.more')}</Button>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.dialog.cancel')}</Button>
        <Button variant="contained" disabled={chosen.length === 0} onClick={() => onPick(chosen)}>
          {translate('images.picker.pick', { smart_count: chosen.length })}
        </Button>
      </DialogActions>
    </>
  );
}
