import { useMemo, useState, type ReactNode } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useInput, useRecordContext, useTranslate } from 'react-admin';
import type { BlogPost } from '@tourdesk/contracts/web-content.schema';
import { LibraryImage } from '../../shared/library-image.tsx';

/** What a thumbnail needs: the library item's id, its name and its thumbnail URL. */
export type PickedImage = { id: number; name: string; thumbUrl: string };

/**
 * The images of a post (`images`: library item ids, in order): thumbnails that can be moved and removed.
 * New images come from the image database: `renderAdd` renders the button that picks them and hands them to `add`.
 */
export function BlogImagesInput({
  renderAdd,
}: {
  renderAdd?: (add: (images: readonly PickedImage[]) => void) => ReactNode;
}) {
  const translate = useTranslate();
  const record = useRecordContext<BlogPost>();
  const { field } = useInput<number[]>({ source: 'images', defaultValue: [] });
  const [picked, setPicked] = useState<PickedImage[]>([]);
  const known = useMemo(() => {
    const map = new Map<number, PickedImage>();
    for (const image of record?.imageFiles ?? []) {
      map.set(image.id_img_library_item, {
        id: image.id_img_library_item,
        name: image.name,
        thumbUrl: image.libraryThumbUrl,
      });
    }
    for (const image of picked) map.set(image.id, image);
    return map;
  }, [record, picked]);
  const ids: number[] = Array.isArray(field.value) ? field.value : [];

  const add = (images: readonly PickedImage[]) => {
    setPicked((previous) => [...previous, ...images]);
    field.onChange([...ids, ...images.map((image) => image.id).filter((id) => !ids.includes(id))]);
  };
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    field.onChange(next);
  };
  const remove = (index: number) => field.onChange(ids.filter((_, position) => position !== index));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%', maxWidth: 760 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {translate('blog.fields.images')}
      </Typography>
      {ids.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('blog.images.none')}
        </Typography>
      ) : (
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1.5, mb: 1 }}
          component="ul"
          aria-label={translate('blog.fields.images')}
        >
          {ids.map((id, index) => {
            const image = known.get(id);
            const name = image?.name ?? `#${id}`;
            return (
              <Box
                component="li"
                key={id}
                sx={{ listStyle: 'none', width: 148, border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}
              >
                {image ? <LibraryImage src={image.thumbUrl} alt={name} height={96} /> : <Box sx={{ height: 96 }} />}
                <Typography variant="caption" noWrap component="div" title={name}>
                  {name}
                </Typography>
                <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                  <Tooltip title={translate('blog.images.left')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${translate('blog.images.left')}: ${name}`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowBackIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('blog.images.remove')}>
                    <IconButton
                      size="small"
                      aria-label={`${translate('blog.images.remove')}: ${name}`}
                      onClick={() => remove(index)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('blog.images.right')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`${translate('blog.images.right')}: ${name}`}
                        disabled={index === ids.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowForwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
      {renderAdd?.(add)}
    </Box>
  );
}
