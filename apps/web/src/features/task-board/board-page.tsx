import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Skeleton,
  Typography,
} from '@mui/material';
import { useDroppable } from '@dnd-kit/react';
import { useSortable } from '@dnd-kit/react/sortable';
import { move } from '@dnd-kit/helpers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { TASK_STATUSES, type Task, type TaskBoard, type TaskStatus } from '@tourdesk/contracts/tasks.schema';
import { api } from '../../lib/api-client.ts';
import { followEvents } from '../../lib/event-stream.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { DragDropArea, useDragRoleDescription, type DragItemData } from '../../ui/drag-drop.tsx';
import { locate, placement, stepMove, type BoardOrder, type KeyboardMove } from './board-logic.ts';

const BOARD_KEY = ['task-board'];
const EMPTY: BoardOrder = { TODO: [], INPROGRESS: [], TESTING: [], DONE: [] };

const orderOf = (board: TaskBoard): BoardOrder => ({
  TODO: board.columns.TODO.map((task) => task.id),
  INPROGRESS: board.columns.INPROGRESS.map((task) => task.id),
  TESTING: board.columns.TESTING.map((task) => task.id),
  DONE: board.columns.DONE.map((task) => task.id),
});

/** Read by screen readers, not shown. */
const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const KEY_STEPS: Record<string, KeyboardMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

type CardProps = {
  task: Task;
  index: number;
  status: TaskStatus;
  canMove: boolean;
  onStep: (id: number, step: KeyboardMove) => void;
};

/**
 * A card: dragged with the mouse (or picked up with Space and moved with the arrow keys, dnd-kit's keyboard
 * sensor), moved one step with Alt and an arrow key, or through its menu. Enter opens it.
 */
function TaskCard({ task, index, status, canMove, onStep }: CardProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { ref, isDragging } = useSortable<DragItemData>({
    id: task.id,
    data: { name: task.title },
    index,
    group: status,
    type: 'task',
    accept: 'task',
    disabled: !canMove,
  });
  const roleDescription = useDragRoleDescription();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const column = TASK_STATUSES.indexOf(status);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const step = KEY_STEPS[event.key];
    if (step && event.altKey && canMove) {
      event.preventDefault();
      onStep(task.id, step);
    } else if (event.key === 'Enter' && !event.altKey) {
      navigate(`/task/${task.id}`);
    }
  };
  const choose = (step: KeyboardMove) => {
    setAnchor(null);
    onStep(task.id, step);
  };
  const moves: Array<{ step: KeyboardMove; label: string; disabled: boolean }> = [
    { step: 'up', label: translate('taskBoard.move.up'), disabled: index === 0 },
    { step: 'down', label: translate('taskBoard.move.down'), disabled: false },
    {
      step: 'left',
      label:
        column > 0
          ? translate('taskBoard.move.to', { column: translate(`taskBoard.columns.${TASK_STATUSES[column - 1]}`) })
          : '',
      disabled: column === 0,
    },
    {
      step: 'right',
      label:
        column < TASK_STATUSES.length - 1
          ? translate('taskBoard.move.to', { column: translate(`taskBoard.columns.${TASK_STATUSES[column + 1]}`) })
          : '',
      disabled: column === TASK_STATUSES.length - 1,
    },
  ];
  return (
    <Box sx={{ position: 'relative', mb: 1 }}>
      <Card
        ref={ref}
        variant="outlined"
        tabIndex={0}
        data-task-id={task.id}
        aria-describedby="task-board-help"
        aria-roledescription={roleDescription}
        onKeyDown={onKeyDown}
        sx={{
          cursor: canMove ? 'grab' : 'default',
          opacity: isDragging ? 0.5 : 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <CardContent sx={{ p: 1.5, pr: canMove ? 5 : 1.5, '&:last-child': { pb: 1.5 } }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {task.title}
            {/* Read out after the title, so the keyboard user hears where the card is. */}
            <Box component="span" sx={HIDDEN}>
              {`, ${translate('taskBoard.card.place', {
                position: index + 1,
                column: translate(`taskBoard.columns.${status}`),
              })}`}
            </Box>
          </Typography>
          {task.description ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {task.description.length > 120 ? `${task.description.slice(0, 117)}...` : task.description}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', gap: 0.5, mt: 1, flexWrap: 'wrap' }}>
            {task.assigneeName ? <Chip size="small" label={task.assigneeName} /> : null}
            {task.id_booking ? (
              <Chip
                size="small"
                variant="outlined"
                label={translate('taskBoard.card.booking', { number: task.id_booking })}
              />
            ) : null}
          </Box>
        </CardContent>
      </Card>
      {/* Beside the card, not in it: the card is dnd-kit's button, and a button holds no other. */}
      {canMove && !isDragging ? (
        <>
          <IconButton
            size="small"
            aria-label={translate('taskBoard.move.menu', { title: task.title })}
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ position: 'absolute', top: 6, right: 6 }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <MenuItem onClick={() => navigate(`/task/${task.id}`)}>{translate('taskBoard.move.open')}</MenuItem>
            {moves
              .filter((entry) => !entry.disabled)
              .map((entry) => (
                <MenuItem key={entry.step} onClick={() => choose(entry.step)}>
                  {entry.label}
                </MenuItem>
              ))}
          </Menu>
        </>
      ) : null}
    </Box>
  );
}

function Column({ status, count, children }: { status: TaskStatus; count: number; children: ReactNode }) {
  const translate = useTranslate();
  const { ref, isDropTarget } = useDroppable<DragItemData>({
    id: status,
    type: 'column',
    accept: 'task',
    collisionPriority: 1,
    data: { name: translate(`taskBoard.columns.${status}`) },
  });
  const heading = `task-column-${status}`;
  return (
    <Paper
      ref={ref}
      variant="outlined"
      component="section"
      aria-labelledby={heading}
      data-column={status}
      sx={{
        p: 1,
        minHeight: 200,
        bgcolor: isDropTarget ? 'action.hover' : 'background.default',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Typography id={heading} component="h2" variant="subtitle2" sx={{ px: 0.5, pb: 1 }}>
        {translate(`taskBoard.columns.${status}`)} ({count})
      </Typography>
      <Box sx={{ flex: 1 }}>{children}</Box>
    </Paper>
  );
}

/**
 * /board: the task board of spec §2 with the columns TODO, INPROGRESS, TESTING and DONE. Cards move by drag and
 * drop and by keyboard; the server keeps the order (POST /tasks/{id}/move), and the board follows GET
 * /tasks/stream so a colleague's move shows here without reloading.
 */
export function BoardPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const canMove = useHasAnyPermission(['todo-update']);
  const canCreate = useHasAnyPermission(['todo-create']);
  const board = useQuery({ queryKey: BOARD_KEY, queryFn: () => api<TaskBoard>('/tasks/board') });
  const [order, setOrder] = useState<BoardOrder>(EMPTY);
  const [announcement, setAnnouncement] = useState('');
  const [failed, setFailed] = useState(false);
  const dragging = useRef(false);
  const focusAfter = useRef<number | null>(null);
  const orderRef = useRef(order);
  const before = useRef(order);
  useEffect(() => {
    orderRef.current = order;
  }, [order]);

  // The server's order, unless a card is in the air.
  useEffect(() => {
    if (board.data && !dragging.current) setOrder(orderOf(board.data));
  }, [board.data]);

  useEffect(
    () =>
      followEvents('/tasks/stream', (type) => {
        if (type === 'board') void queryClient.invalidateQueries({ queryKey: BOARD_KEY });
      }),
    [queryClient],
  );

  // Keeps the keyboard on a card that moved to another column (it is drawn anew there).
  useEffect(() => {
    const id = focusAfter.current;
    if (id === null) return;
    const element = document.querySelector<HTMLElement>(`[data-task-id="${id}"]`);
    if (element && document.activeElement !== element) element.focus();
  }, [order]);

  const tasks = new Map<number, Task>();
  for (const status of TASK_STATUSES) for (const task of board.data?.columns[status] ?? []) tasks.set(task.id, task);

  const persist = async (next: BoardOrder, id: number) => {
    const place = placement(next, id);
    if (!place) return;
    const title = tasks.get(id)?.title ?? '';
    const position = (locate(next, id)?.index ?? 0) + 1;
    setOrder(next);
    setFailed(false);
    try {
      await api(`/tasks/${id}/move`, { method: 'POST', body: place });
      setAnnouncement(
        translate('taskBoard.move.done', {
          title,
          column: translate(`taskBoard.columns.${place.status}`),
          position,
        }),
      );
    } catch {
      setFailed(true);
    }
    await queryClient.invalidateQueries({ queryKey: BOARD_KEY });
  };

  const onStep = (id: number, step: KeyboardMove) => {
    const next = stepMove(orderRef.current, id, step);
    if (!next) return;
    focusAfter.current = id;
    void persist(next, id);
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('taskBoard.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography id="task-board-help" variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 240 }}>
          {translate('taskBoard.hint')}
        </Typography>
        <Button component={Link} to="/task" variant="text">
          {translate('taskBoard.asList')}
        </Button>
        {canCreate ? (
          <Button component={Link} to="/task/create" variant="contained" startIcon={<AddIcon />}>
            {translate('taskBoard.newCard')}
          </Button>
        ) : null}
      </Box>
      <Box role="status" aria-live="polite" sx={HIDDEN}>
        {announcement}
      </Box>
      {failed || board.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('error.errorOccurred')}
        </Alert>
      ) : null}
      {board.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <DragDropArea
          onDragStart={() => {
            dragging.current = true;
            before.current = orderRef.current;
          }}
          onDragOver={(event) => {
            // The columns follow the card while it is dragged, so React draws it where dnd-kit shows it.
            const next = move(orderRef.current, event);
            orderRef.current = next;
            setOrder(next);
          }}
          onDragEnd={(event) => {
            dragging.current = false;
            const source = event.operation.source;
            if (event.canceled || !source) {
              orderRef.current = before.current;
              setOrder(before.current);
              return;
            }
            // The columns already show the card where it was dropped (onDragOver): save that place.
            const next = orderRef.current;
            const id = Number(source.id);
            const from = locate(before.current, id);
            const to = locate(next, id);
            if (!to || (from?.status === to.status && from.index === to.index)) return;
            // After dnd-kit's own render of the drop (it waits for one inside a transition before it animates).
            setTimeout(() => void persist(next, id), 0);
          }}
        >
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
              gap: 2,
            }}
          >
            {TASK_STATUSES.map((status) => (
              <Column key={status} status={status} count={order[status].length}>
                {order[status].map((id, index) => {
                  const task = tasks.get(id);
                  return task ? (
                    <TaskCard key={id} task={task} index={index} status={status} canMove={canMove} onStep={onStep} />
                  ) : null;
                })}
              </Column>
            ))}
          </Box>
        </DragDropArea>
      )}
    </Box>
  );
}
