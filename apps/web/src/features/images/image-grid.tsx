import type { ReactNode } from 'react';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { Box, ButtonBase, Card, Typography } from '@mui/material';
import type { LibraryItem } from '@tourdesk/contracts/images.schema';
import { LibraryImage } from './library-image.tsx';

const THUMB_HEIGHT = 120;

/** The responsive grid the image database shows its thumbnails in (2 columns on a phone). */
export function ImageGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(160px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * One image as a toggle (a button with `aria-pressed`): Space or Enter selects it, the checkbox shows it.
 * `footer` adds actions below (the library screen's edit, trash, restore).
 */
export function ImageTile({
  item,
  selected,
  onToggle,
  footer,
  caption,
}: {
  item: LibraryItem;
  selected?: boolean;
  onToggle?: () => void;
  footer?: ReactNode;
  caption?: ReactNode;
}) {
  const body = (
    <>
      <LibraryImage src={item.thumbUrl} alt={item.description ?? item.name} height={THUMB_HEIGHT} loading="lazy" />
      <Box sx={{ p: 1, width: '100%', textAlign: 'left' }}>
        <Typography variant="body2" noWrap title={item.name}>
          {item.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {item.width} × {item.height} · {item.ratio}
        </Typography>
        {caption}
      </Box>
    </>
  );
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Card
        variant="outlined"
        sx={{
          position: 'relative',
          borderColor: selected ? 'primary.main' : undefined,
          borderWidth: selected ? 2 : 1,
        }}
      >
        {onToggle ? (
          <ButtonBase
            onClick={onToggle}
            aria-pressed={selected === true}
            sx={{
              display: 'block',
              width: '100%',
              '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            {body}
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                top: 4,
                right: 4,
                bgcolor: 'background.paper',
                borderRadius: 1,
                lineHeight: 0,
              }}
            >
              {selected ? <CheckBoxIcon color="primary" /> : <CheckBoxOutlineBlankIcon />}
            </Box>
          </ButtonBase>
        ) : (
          body
        )}
        {footer}
      </Card>
    </Box>
  );
}
