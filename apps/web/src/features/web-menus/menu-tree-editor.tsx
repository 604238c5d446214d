import { useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import EditIcon from '@mui/icons-material/Edit';
import FormatIndentDecreaseIcon from '@mui/icons-material/FormatIndentDecrease';
import FormatIndentIncreaseIcon from '@mui/icons-material/FormatIndentIncrease';
import SaveIcon from '@mui/icons-material/Save';
import { isSortable } from '@dnd-kit/react/sortable';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { WebMenuItem } from '@tourdesk/contracts/web-menus.schema';
import { api } from '../../lib/api-client.ts';
import {
  canIndent,
  dropIndex,
  flattenItems,
  indent,
  moveBlock,
  moveDown,
  moveUp,
  outdent,
  toOrder,
  type TreeRow,
} from './menu-tree.ts';
import { DragDropArea } from '../../ui/drag-drop.tsx';
import { SortableRow } from '../../ui/sortable-row.tsx';

/** Pixels of one nesting level: dragging a row this far right makes it a sub-item. */
const INDENT = 32;

type RowProps = {
  row: TreeRow;
  index: number;
  rows: readonly TreeRow[];
  onChange: (rows: TreeRow[]) => void;
};

function TreeItemRow({ row, index, rows, onChange }: RowProps) {
  const translate = useTranslate();
  const name = row.item.name;
  const isFirstSibling = moveUp(rows, index).every((other, i) => other.item.id === rows[i]?.item.id);
  const isLastSibling = moveDown(rows, index).every((other, i) => other.item.id === rows[i]?.item.id);
  return (
    <SortableRow
      id={row.item.id}
      index={index}
      name={name}
      label={translate('webMenus.tree.drag', { name })}
      data-testid={`menu-tree-row-${row.item.id}`}
      data-depth={row.depth}
      aria-level={row.depth + 1}
      sx={{ ml: `${row.depth * INDENT}px` }}
    >
      <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
        <Typography variant="body2" component="span" sx={{ fontWeight: row.depth === 0 ? 600 : 400 }}>
          {name}
        </Typography>
        {row.item.link ? (
          <Typography variant="caption" component="span" color="text.secondary" sx={{ ml: 1, wordBreak: 'break-all' }}>
            {row.item.link}
          </Typography>
        ) : null}
      </Box>
      {row.item.active ? null : <Chip size="small" variant="outlined" label={translate('webMenus.active.false')} />}
      <Box sx={{ display: 'flex' }}>
        <Tooltip title={translate('webMenus.tree.up')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${translate('webMenus.tree.up')}: ${name}`}
              disabled={isFirstSibling}
              onClick={() => onChange(moveUp(rows, index))}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('webMenus.tree.down')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${translate('webMenus.tree.down')}: ${name}`}
              disabled={isLastSibling}
              onClick={() => onChange(moveDown(rows, index))}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('webMenus.tree.outdent')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${translate('webMenus.tree.outdent')}: ${name}`}
              disabled={row.depth === 0}
              onClick={() => onChange(outdent(rows, index))}
            >
              <FormatIndentDecreaseIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('webMenus.tree.indent')}>
          <span>
            <IconButton
              size="small"
              aria-label={`${translate('webMenus.tree.indent')}: ${name}`}
              disabled={!canIndent(rows, index)}
              onClick={() => onChange(indent(rows, index))}
            >
              <FormatIndentIncreaseIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton
            size="small"
            component={Link}
            to={`/internet/menu/item/${row.item.id}`}
            aria-label={`${translate('ra.action.edit')}: ${name}`}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </SortableRow>
  );
}

/**
 * The items of a menu as a tree: drag a row by its handle to move it (with its sub-items), and to the right to
 * make it a sub-item (to the left to lift it); the keyboard drags too (Space, arrows, Space), and the buttons move,
 * indent and outdent. "Save order" stores the whole tree in one call.
 */
export function MenuTreeEditor({ menuId }: { menuId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const queryKey = ['web-menu-items', menuId];
  const items = useQuery({ queryKey, queryFn: () => api<WebMenuItem[]>(`/web/menu/${menuId}/items`) });
  // The rows as the user arranged them, until saved; null shows the saved tree.
  const [edited, setEdited] = useState<TreeRow[] | null>(null);
  const saved = useMemo(() => flattenItems(items.data ?? []), [items.data]);
  const current = edited ?? saved;
  const dirty = edited !== null;
  const save = useMutation({
    mutationFn: (tree: TreeRow[]) =>
      api<WebMenuItem[]>(`/web/menu/${menuId}/items/order`, { method: 'PUT', body: { items: toOrder(tree) } }),
    onSuccess: (answer) => {
      client.setQueryData(queryKey, answer);
      setEdited(null);
      notify('webMenus.tree.saved', { type: 'info' });
    },
    onError: (error) => notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' }),
  });
  const change = (next: TreeRow[]) => setEdited(next);
  return (
    <Box component="section" aria-labelledby="menu-tree-title" sx={{ mt: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="menu-tree-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('webMenus.tree.title')}
        </Typography>
        <Button component={Link} to={`/internet/menu/item/create/${menuId}`} size="small" startIcon={<AddIcon />}>
          {translate('webMenus.tree.add')}
        </Button>
        <Button
          variant="contained"
          size="small"
          startIcon={<SaveIcon />}
          disabled={!dirty || save.isPending}
          onClick={() => save.mutate(current)}
        >
          {translate('webMenus.tree.save')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('webMenus.tree.help')}
      </Typography>
      {dirty ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('webMenus.tree.unsaved')}
        </Alert>
      ) : null}
      {items.isSuccess && current.length === 0 ? (
        <Typography variant="body2">{translate('webMenus.tree.empty')}</Typography>
      ) : null}
      <DragDropArea
        onDragEnd={(event) => {
          const { source, transform } = event.operation;
          if (event.canceled || !source || !isSortable(source)) return;
          const from = source.sortable.initialIndex;
          const to = source.sortable.index;
          const delta = Math.round(transform.x / INDENT);
          if (from === to && delta === 0) return;
          change(moveBlock(current, from, dropIndex(current, from, to), delta));
        }}
      >
        <Box component="ul" aria-labelledby="menu-tree-title" sx={{ p: 0, m: 0 }} data-testid="menu-tree">
          {current.map((row, index) => (
            <TreeItemRow key={row.item.id} row={row} index={index} rows={current} onChange={change} />
          ))}
        </Box>
      </DragDropArea>
    </Box>
  );
}
