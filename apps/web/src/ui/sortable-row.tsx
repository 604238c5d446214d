import { useState, type ReactNode } from 'react';
import { IconButton, Paper, type SxProps, type Theme } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useSortable } from '@dnd-kit/react/sortable';
import { useDragRoleDescription, type DragItemData } from './drag-drop.tsx';

/**
 * One row of a list sorted by dragging (@dnd-kit/react), as the survey steps and the menu tree use it: an outlined
 * list item that fades while dragged, started from its grip (`label` names it for screen readers; the rows offer
 * up/down buttons for the keyboard beside it; `name` is what DragDropArea's announcements call it).
 */
export function SortableRow({
  id,
  index,
  name,
  label,
  sx,
  children,
  ...data
}: {
  id: number | string;
  index: number;
  name: string;
  label: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
} & Record<`data-${string}` | `aria-${string}`, string | number>) {
  const [handle, setHandle] = useState<HTMLButtonElement | null>(null);
  const { ref, isDragging } = useSortable<DragItemData>({ id, index, handle, data: { name } });
  const roleDescription = useDragRoleDescription();
  return (
    <Paper
      ref={ref}
      component="li"
      variant="outlined"
      {...data}
      sx={[
        {
          listStyle: 'none',
          mb: 0.5,
          px: 0.5,
          py: 0.25,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          flexWrap: 'wrap',
          opacity: isDragging ? 0.6 : 1,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <IconButton
        ref={setHandle}
        size="small"
        aria-label={label}
        aria-roledescription={roleDescription}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      {children}
    </Paper>
  );
}
