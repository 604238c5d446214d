import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type SyntheticEvent } from 'react';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import type { SvgIconComponent } from '@mui/icons-material';
import AirlineSeatReclineNormalIcon from '@mui/icons-material/AirlineSeatReclineNormal';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import CoffeeIcon from '@mui/icons-material/Coffee';
import ErrorIcon from '@mui/icons-material/Error';
import DoorSlidingIcon from '@mui/icons-material/DoorSliding';
import NorthIcon from '@mui/icons-material/North';
import PersonIcon from '@mui/icons-material/Person';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import StairsIcon from '@mui/icons-material/Stairs';
import StarIcon from '@mui/icons-material/Star';
import TableRestaurantIcon from '@mui/icons-material/TableRestaurant';
import WcIcon from '@mui/icons-material/Wc';
import { seatCellKind, type SeatCell, type SeatCellKind, type SeatLayout } from '@tourdesk/contracts/seat-plans.schema';
import {
  cellAccessibleName,
  cellKey,
  clampPosition,
  firstSeatPosition,
  GRID_KEYS,
  neighbour,
  samePosition,
  seatGridContext,
  seatStateOf,
  type GridKey,
  type SeatCellPosition,
  type SeatGridContext,
  type SeatOccupant,
  type SeatState,
} from './seat-grid-logic.ts';

export type { SeatCellPosition, SeatOccupant, SeatState } from './seat-grid-logic.ts';

export type SeatGridMode = 'edit' | 'pick' | 'view';

/** A cell handler: the cell, where it is, and the event (`event.detail === 0` for a click from the keyboard). */
export type SeatCellHandler<E extends SyntheticEvent = SyntheticEvent> = (
  cell: SeatCell,
  position: SeatCellPosition,
  event: E,
) => void;

export type SeatGridProps = {
  layout: SeatLayout;
  /** seat numbers blocked for this departure (the layout's own `blocked` cells are blocked anyway) */
  blockedSeats?: readonly string[];
  occupants?: readonly SeatOccupant[];
  /** seat numbers chosen now */
  selected?: readonly string[];
  /**
   * `edit`: every cell is a button (the editor paints it); `pick`: seats that can be chosen are buttons;
   * `view`: nothing to press, cells still reachable with the keyboard and named.
   */
  mode: SeatGridMode;
  /** id of the element that names the plan (a heading); each deck's grid is labelled by it and the deck's name */
  labelledBy: string;
  /** Enter, Space or a click on a cell that is a button */
  onCellClick?: SeatCellHandler;
  onCellPointerDown?: SeatCellHandler<PointerEvent<HTMLElement>>;
  /** the pointer entered a cell (with `event.buttons & 1` while dragging: the editor paints) */
  onCellPointerEnter?: SeatCellHandler<PointerEvent<HTMLElement>>;
  /** in pick mode, which seats are buttons; by default free, chosen and the booking's own seats */
  isPickable?: (cell: SeatCell, state: SeatState) => boolean;
  /** the cell the editor works on (outlined) */
  activeCell?: SeatCellPosition;
  /** cells with an error (e.g. a seat number used twice): marked with a red ring and an error icon */
  invalidCells?: readonly SeatCellPosition[];
  /** width and height of a cell in px; 44 keeps seats large enough to tap */
  cellSize?: number;
};

/** The icons of the coach's fittings (the editor's palette shows the same). */
export const SEAT_KIND_ICONS = {
  driver: AirlineSeatReclineNormalIcon,
  door: DoorSlidingIcon,
  wc: WcIcon,
  table: TableRestaurantIcon,
  guide: RecordVoiceOverIcon,
  stairs: StairsIcon,
  kitchen: CoffeeIcon,
} as const satisfies Partial<Record<SeatCellKind, SvgIconComponent>>;
const KIND_ICONS: Partial<Record<SeatCellKind, SvgIconComponent>> = SEAT_KIND_ICONS;

const STATE_ICONS: Partial<Record<SeatState, SvgIconComponent>> = {
  taken: PersonIcon,
  blocked: BlockIcon,
  selected: CheckIcon,
  mine: StarIcon,
};

const defaultPickable = (_cell: SeatCell, state: SeatState) => state !== 'taken' && state !== 'blocked';

/** Colours, border and pattern of a seat in a state: each state differs by its icon too, never by colour alone. */
function seatLook(theme: Theme, state: SeatState) {
  const dark = theme.palette.mode === 'dark';
  const line = theme.palette.text.primary;
  switch (state) {
    case 'free':
      return { bgcolor: theme.palette.background.paper, color: line, borderColor: alpha(line, 0.6) };
    case 'taken':
      return {
        bgcolor: dark ? theme.palette.grey[700] : theme.palette.grey[300],
        color: line,
        borderColor: dark ? theme.palette.grey[500] : theme.palette.grey[600],
      };
    case 'blocked':
      return {
        color: line,
        borderColor: alpha(line, 0.6),
        borderStyle: 'dashed',
        backgroundImage: `repeating-linear-gradient(135deg, ${alpha(line, 0.14)} 0 4px, transparent 4px 9px)`,
        bgcolor: theme.palette.background.paper,
      };
    case 'selected':
      return {
        bgcolor: theme.palette.primary.main,
        color: theme.palette.primary.contrastText,
        borderColor: theme.palette.primary.main,
      };
    case 'mine':
      return {
        bgcolor: theme.palette.success.main,
        color: theme.palette.success.contrastText,
        borderColor: theme.palette.success.main,
      };
  }
}

/**
 * The coach seat plan as a grid of typed cells: the one renderer of the seat plan editor, the seat picker and
 * (as their model) the manifests. Decks stand side by side, each under its name and with the front of the coach
 * marked above its first row; on a narrow screen they wrap below each other and a wide deck scrolls sideways.
 * Keyboard: one tab stop for the whole plan; arrows, Home/End, PageUp/PageDown move between cells, Enter or
 * Space presses a cell that is a button. Every cell has a name in the user's language ("Sitz 12, frei").
 */
export function SeatGrid({
  layout,
  blockedSeats,
  occupants,
  selected,
  mode,
  labelledBy,
  onCellClick,
  onCellPointerDown,
  onCellPointerEnter,
  isPickable = defaultPickable,
  activeCell,
  invalidCells = [],
  cellSize = 44,
}: SeatGridProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<SeatCellPosition>(() => firstSeatPosition(layout));
  const tabStop = clampPosition(layout, focused);
  const context = useMemo(
    () => seatGridContext(blockedSeats, occupants, selected),
    [blockedSeats, occupants, selected],
  );
  const twoDecks = layout.decks.length > 1;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!GRID_KEYS.includes(event.key)) return;
    event.preventDefault();
    const next = neighbour(layout, tabStop, event.key as GridKey, event.ctrlKey || event.metaKey);
    setFocused(next);
    container.current?.querySelector<HTMLElement>(`[data-cell="${cellKey(next)}"]`)?.focus();
  };

  return (
    <Box
      ref={container}
      onKeyDown={onKeyDown}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 4,
        overflowX: 'auto',
        maxWidth: '100%',
        py: 0.5,
        px: 0.5,
        userSelect: mode === 'edit' ? 'none' : undefined,
      }}
    >
      {layout.decks.map((deck, d) => {
        const cols = deck.rows[0]?.length ?? 0;
        const nameId = `${id}-deck-${d}`;
        const deckName = deck.name || (twoDecks ? translate('seatPlans.grid.deck', { number: d + 1 }) : '');
        return (
          <Box key={d} sx={{ flex: '0 0 auto' }}>
            {deckName && (
              <Typography id={nameId} variant="subtitle2" component="div" sx={{ mb: 0.5 }}>
                {deckName}
              </Typography>
            )}
            <FrontMark width={cols * cellSize + (cols - 1) * 4} label={translate('seatPlans.grid.front')} />
            <Box
              role="grid"
              aria-labelledby={deckName ? `${labelledBy} ${nameId}` : labelledBy}
              sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}
            >
              {deck.rows.map((row, r) => (
                <Box
                  role="row"
                  key={r}
                  sx={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, ${cellSize}px)`, gap: 0.5 }}
                >
                  {row.map((cell, c) => {
                    const position = { deck: d, row: r, col: c };
                    return (
                      <GridCell
                        key={c}
                        cell={cell}
                        position={position}
                        context={context}
                        mode={mode}
                        size={cellSize}
                        name={cellAccessibleName(cell, context, translate, mode)}
                        tabbable={samePosition(position, tabStop)}
                        active={activeCell !== undefined && samePosition(position, activeCell)}
                        invalid={invalidCells.some((invalid) => samePosition(position, invalid))}
                        isPickable={isPickable}
                        theme={theme}
                        onFocus={() => setFocused(position)}
                        onClick={onCellClick}
                        onPointerDown={onCellPointerDown}
                        onPointerEnter={onCellPointerEnter}
                      />
                    );
                  })}
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** The windscreen above the first row: the front of the coach. */
function FrontMark({ width, label }: { width: number; label: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        width,
        mb: 0.5,
        py: 0.25,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        border: 2,
        borderColor: 'text.secondary',
        borderBottom: 0,
        borderRadius: '16px 16px 0 0',
        color: 'text.secondary',
        typography: 'caption',
      }}
    >
      <NorthIcon sx={{ fontSize: 14 }} />
      {label}
    </Box>
  );
}

type GridCellProps = {
  cell: SeatCell;
  position: SeatCellPosition;
  context: SeatGridContext;
  mode: SeatGridMode;
  size: number;
  name: string;
  tabbable: boolean;
  active: boolean;
  invalid: boolean;
  isPickable: (cell: SeatCell, state: SeatState) => boolean;
  theme: Theme;
  onFocus: () => void;
  onClick?: SeatCellHandler;
  onPointerDown?: SeatCellHandler<PointerEvent<HTMLElement>>;
  onPointerEnter?: SeatCellHandler<PointerEvent<HTMLElement>>;
};

function GridCell({
  cell,
  position,
  context,
  mode,
  size,
  name,
  tabbable,
  active,
  invalid,
  isPickable,
  theme,
  onFocus,
  onClick,
  onPointerDown,
  onPointerEnter,
}: GridCellProps) {
  const kind = seatCellKind(cell.idx);
  const state = kind === 'seat' ? seatStateOf(cell, context) : null;
  const shownState: SeatState | null =
    state && mode === 'edit' ? (cell.blocked || context.blocked.has(cell.txt) ? 'blocked' : 'free') : state;
  const isButton = mode === 'edit' || (mode === 'pick' && state !== null && isPickable(cell, state));
  const occupant = kind === 'seat' && mode !== 'edit' ? context.occupants.get(cell.txt) : undefined;
  const focusRing = {
    '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
  };
  const face = (
    <CellFace
      cell={cell}
      kind={kind}
      state={shownState}
      size={size}
      active={active}
      invalid={invalid}
      theme={theme}
      mode={mode}
    />
  );
  const common = {
    'data-cell': cellKey(position),
    tabIndex: tabbable ? 0 : -1,
    onFocus,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      // A touch captures the pointer on the cell it started on; release it so that dragging reaches the others.
      if (event.currentTarget.hasPointerCapture(event.pointerId))
        event.currentTarget.releasePointerCapture(event.pointerId);
      onPointerDown?.(cell, position, event);
    },
    onPointerEnter: (event: PointerEvent<HTMLElement>) => onPointerEnter?.(cell, position, event),
  };
  const content = isButton ? (
    <ButtonBase
      {...common}
      aria-label={name}
      aria-pressed={mode === 'pick' ? state === 'selected' : undefined}
      onClick={(event) => onClick?.(cell, position, event)}
      sx={{ width: size, height: size, borderRadius: 1.5, ...focusRing }}
    >
      {face}
    </ButtonBase>
  ) : (
    <Box {...common} sx={{ width: size, height: size, borderRadius: 1.5, ...focusRing }}>
      {face}
    </Box>
  );
  return (
    <Box
      role="gridcell"
      aria-label={isButton ? undefined : name}
      aria-selected={active || state === 'selected'}
      aria-invalid={invalid || undefined}
    >
      {occupant ? (
        <Tooltip title={occupant.name} disableInteractive>
          {content}
        </Tooltip>
      ) : (
        content
      )}
    </Box>
  );
}

/** What a cell looks like: a numbered rounded square for a seat, an icon for the coach's fittings, a bar for a wall. */
function CellFace({
  cell,
  kind,
  state,
  size,
  active,
  invalid,
  theme,
  mode,
}: {
  cell: SeatCell;
  kind: SeatCellKind;
  state: SeatState | null;
  size: number;
  active: boolean;
  invalid: boolean;
  theme: Theme;
  mode: SeatGridMode;
}) {
  const rings = [
    active ? `0 0 0 3px ${theme.palette.secondary.main}` : null,
    invalid ? `0 0 0 ${active ? 6 : 3}px ${theme.palette.error.main}` : null,
  ].filter(Boolean);
  const activeRing = rings.length > 0 ? { boxShadow: rings.join(', ') } : {};
  const box = {
    width: size,
    height: size,
    borderRadius: 1.5,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    position: 'relative',
    boxSizing: 'border-box',
    ...activeRing,
  } as const;
  if (kind === 'seat' && state) {
    const StateIcon = STATE_ICONS[state];
    return (
      <Box aria-hidden sx={{ ...box, border: 2, ...seatLook(theme, state) }}>
        <Typography component="span" sx={{ fontWeight: 600, fontSize: cell.txt.length > 3 ? 11 : 14, lineHeight: 1 }}>
          {cell.txt}
        </Typography>
        {StateIcon && <StateIcon sx={{ position: 'absolute', top: 1, right: 1, fontSize: 12 }} />}
        {invalid && <ErrorIcon sx={{ position: 'absolute', bottom: 1, left: 1, fontSize: 12, color: 'error.main' }} />}
      </Box>
    );
  }
  if (kind === 'wall')
    return <Box aria-hidden sx={{ ...box, borderRadius: 0.5, bgcolor: 'text.secondary', opacity: 0.8 }} />;
  const Icon = KIND_ICONS[kind];
  if (!Icon)
    // Aisle or empty floor: nothing to see, but the editor shows where the cell is.
    return (
      <Box
        aria-hidden
        sx={
          mode === 'edit'
            ? { ...box, border: 1, borderStyle: 'dotted', borderColor: alpha(theme.palette.text.primary, 0.35) }
            : box
        }
      />
    );
  return (
    <Box
      aria-hidden
      sx={{
        ...box,
        border: 1,
        borderColor: 'divider',
        bgcolor: alpha(theme.palette.text.primary, 0.06),
        color: 'text.secondary',
      }}
    >
      <Icon sx={{ fontSize: 22 }} />
    </Box>
  );
}

const ALL_STATES: readonly SeatState[] = ['free', 'taken', 'blocked', 'selected', 'mine'];

/** What the seat states look like, named: beside a picker or a plan, for those who read the grid by its colours. */
export function SeatGridLegend({ states = ALL_STATES }: { states?: readonly SeatState[] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const sample: SeatCell = { txt: '7', idx: 0, isSeat: true };
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
      {states.map((state) => (
        <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CellFace
            cell={sample}
            kind="seat"
            state={state}
            size={36}
            active={false}
            invalid={false}
            theme={theme}
            mode="view"
          />
          <Typography variant="body2">{translate(`seatPlans.legend.${state}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
