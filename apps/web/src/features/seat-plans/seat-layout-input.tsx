import { useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent, type SyntheticEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import {
  SEAT_CELL_KINDS,
  SEAT_PLAN_LIMITS,
  type SeatCell,
  type SeatLayout,
} from '@tourdesk/contracts/seat-plans.schema';
import { SeatGrid } from '../../shared/seat-grid.tsx';
import { cellKey, samePosition, type SeatCellPosition } from '../../shared/seat-grid-logic.ts';
import {
  deckCols,
  deckRows,
  isReadingOrder,
  layoutCellErrors,
  paintCell,
  renameDeck,
  renumber,
  resizeDeck,
  sellableCount,
  setSeatBlocked,
  setSeatLabel,
  withSecondDeck,
} from './seat-layout-editing.ts';
import { TOOL_ICONS, type EditorTool } from './seat-plan-tools.ts';

/**
 * The sx of a small field that keeps its width on a phone too (react-admin's theme stretches every text field
 * to the full width there; `&&` outranks that rule).
 */
export const fixedWidth = (width: number) => ({ '&&': { width } });

const TOOLS: readonly EditorTool[] = ['select', 'block', ...SEAT_CELL_KINDS];
const ROW_CHOICES = Array.from({ length: SEAT_PLAN_LIMITS.rows }, (_, i) => i + 1);
const COL_CHOICES = Array.from({ length: SEAT_PLAN_LIMITS.cols }, (_, i) => i + 1);

/** The rows and columns of a grid as two selects (the new-plan start page and each deck of the editor). */
export function GridSizeFields({
  rows,
  cols,
  onChange,
  width,
}: {
  rows: number;
  cols: number;
  onChange: (rows: number, cols: number) => void;
  width: number;
}) {
  const translate = useTranslate();
  const field = (label: string, value: number, choices: number[], set: (value: number) => void) => (
    <TextField
      select
      size="small"
      label={translate(label)}
      value={value}
      onChange={(event) => set(Number(event.target.value))}
      sx={fixedWidth(width)}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {field('seatPlans.editor.rows', rows, ROW_CHOICES, (value) => onChange(value, cols))}
      {field('seatPlans.editor.cols', cols, COL_CHOICES, (value) => onChange(rows, value))}
    </>
  );
}

/**
 * The layout of a seat plan, edited on the SeatGrid: size and decks, a palette of cell types painted by click
 * or drag (and Enter/Space), seat numbers kept in reading order until one is set by hand, "Renumber" to go
 * back to reading order, blocking, and the server's errors at the seat they concern.
 */
export function SeatLayoutInput() {
  const translate = useTranslate();
  const headingId = useId();
  const numberFieldId = useId();
  const { field } = useInput<SeatLayout>({ source: 'layout' });
  const { errors } = useFormState({ name: 'layout' });
  const layout = field.value as SeatLayout;
  // The layout as last changed: a drag may enter several cells before the form renders again.
  const latest = useRef(layout);
  useLayoutEffect(() => {
    latest.current = layout;
  }, [layout]);
  const [tool, setTool] = useState<EditorTool>('seat');
  const [active, setActive] = useState<SeatCellPosition | undefined>();
  const [auto, setAuto] = useState(() => isReadingOrder(layout));
  // What a drag does to every cell it enters: decided when it starts (block: block or unblock all).
  const drag = useRef<{ blocked: boolean } | null>(null);

  useEffect(() => {
    const stop = () => {
      drag.current = null;
    };
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    return () => {
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
  }, []);

  const change = (next: SeatLayout, keepAuto = auto) => {
    const numbered = keepAuto ? renumber(next) : next;
    if (numbered === latest.current) return;
    latest.current = numbered;
    field.onChange(numbered);
  };

  const apply = (cell: SeatCell, at: SeatCellPosition, blocked: boolean) => {
    if (tool === 'select') return;
    if (tool === 'block') {
      if (cell.isSeat) change(setSeatBlocked(latest.current, at, blocked));
      return;
    }
    change(paintCell(latest.current, at, tool));
  };

  const onPointerDown = (cell: SeatCell, at: SeatCellPosition, event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    drag.current = { blocked: !cell.blocked };
    setActive(at);
    apply(cell, at, drag.current.blocked);
  };
  const onPointerEnter = (cell: SeatCell, at: SeatCellPosition, event: PointerEvent<HTMLElement>) => {
    if (!drag.current || (event.buttons & 1) === 0) return;
    apply(cell, at, drag.current.blocked);
  };
  // A pointer's click was handled on pointer down; Enter and Space (detail 0) act here.
  const onClick = (cell: SeatCell, at: SeatCellPosition, event: SyntheticEvent) => {
    if ((event.nativeEvent as MouseEvent).detail !== 0) return;
    setActive(at);
    apply(cell, at, !cell.blocked);
  };

  const cellErrors = layoutCellErrors(errors.layout);
  const activeCell = active ? layout.decks[active.deck]?.rows[active.row]?.[active.col] : undefined;
  const activeSeat = activeCell?.isSeat ? activeCell : undefined;
  const activeError = active && cellErrors.find((error) => samePosition(error, active));
  const seats = sellableCount(layout);

  const showCell = (at: SeatCellPosition) => {
    setActive(at);
    setTool('select');
    requestAnimationFrame(() => document.getElementById(numberFieldId)?.focus());
  };

  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 2, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        {translate('seatPlans.fields.layout')}
      </Typography>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {layout.decks.map((deck, d) => (
          <Box key={d} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {layout.decks.length > 1 && (
              <TextField
                size="small"
                label={translate('seatPlans.editor.deckName', { number: d + 1 })}
                value={deck.name ?? ''}
                onChange={(event) => change(renameDeck(latest.current, d, event.target.value), false)}
                slotProps={{ htmlInput: { maxLength: 40 } }}
                sx={fixedWidth(130)}
              />
            )}
            <GridSizeFields
              rows={deckRows(deck)}
              cols={deckCols(deck)}
              onChange={(rows, cols) => change(resizeDeck(latest.current, d, rows, cols))}
              width={90}
            />
          </Box>
        ))}
        <FormControlLabel
          control={
            <Switch
              checked={layout.decks.length > 1}
              onChange={(event) => {
                setActive(undefined);
                change(withSecondDeck(latest.current, event.target.checked, translate('seatPlans.editor.upperDeck')));
              }}
            />
          }
          label={translate('seatPlans.editor.secondDeck')}
        />
      </Box>

      <Box>
        <Typography id={`${headingId}-tools`} variant="subtitle2" component="div" sx={{ mb: 0.5 }}>
          {translate('seatPlans.editor.tools')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={tool}
          onChange={(_event, value: EditorTool | null) => value && setTool(value)}
          aria-labelledby={`${headingId}-tools`}
          sx={{ flexWrap: 'wrap' }}
        >
          {TOOLS.map((value) => {
            const Icon = TOOL_ICONS[value];
            return (
              <ToggleButton key={value} value={value} sx={{ gap: 0.5, textTransform: 'none' }}>
                <Icon fontSize="small" aria-hidden />
                {translate(`seatPlans.tools.${value}`)}
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<FormatListNumberedIcon />}
          onClick={() => {
            setAuto(true);
            change(renumber(latest.current), true);
          }}
        >
          {translate('seatPlans.editor.renumber')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate(auto ? 'seatPlans.editor.autoNumbering' : 'seatPlans.editor.manualNumbering')}
        </Typography>
        <Typography variant="body2" sx={{ ml: 'auto' }} data-testid="seat-count">
          {translate('seatPlans.editor.seatCount', { smart_count: seats })}
        </Typography>
      </Box>

      {/* Always there, so that the grid does not move when a seat is chosen. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          id={numberFieldId}
          size="small"
          label={translate('seatPlans.editor.seatNumber')}
          value={activeSeat?.txt ?? ''}
          disabled={!activeSeat}
          onChange={(event) => {
            if (!active) return;
            setAuto(false);
            change(setSeatLabel(latest.current, active, event.target.value), false);
          }}
          error={Boolean(activeError)}
          helperText={
            activeError ? translate(activeError.key) : activeSeat ? ' ' : translate('seatPlans.editor.chooseSeat')
          }
          // The hint stays readable (full contrast) while the field waits for a seat.
          slotProps={{ htmlInput: { maxLength: SEAT_PLAN_LIMITS.labelLength }, formHelperText: { disabled: false } }}
          sx={fixedWidth(220)}
        />
        <FormControlLabel
          disabled={!activeSeat}
          control={
            <Switch
              checked={Boolean(activeSeat?.blocked)}
              onChange={(event) => active && change(setSeatBlocked(latest.current, active, event.target.checked))}
            />
          }
          label={translate('seatPlans.editor.blocked')}
        />
      </Box>

      <SeatGrid
        layout={layout}
        mode="edit"
        labelledBy={headingId}
        activeCell={active}
        invalidCells={cellErrors}
        onCellPointerDown={onPointerDown}
        onCellPointerEnter={onPointerEnter}
        onCellClick={onClick}
      />

      {cellErrors.map((error) => {
        const cell = layout.decks[error.deck]?.rows[error.row]?.[error.col];
        return (
          <Alert
            key={cellKey(error)}
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => showCell(error)}>
                {translate('seatPlans.editor.showSeat')}
              </Button>
            }
          >
            {`${
              cell?.isSeat
                ? translate('seatPlans.seat.plain', { label: cell.txt })
                : translate('seatPlans.editor.position', { row: error.row + 1, col: error.col + 1 })
            }: ${translate(error.key)}`}
          </Alert>
        );
      })}
    </Box>
  );
}
