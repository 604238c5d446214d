import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { percentOf } from './departure-form-logic.ts';

/** Held of capacity as a bar with its numbers written beside it (the bar alone says nothing to a screen reader). */
export function OccupancyBar({ label, held, capacity }: { label: string; held: number; capacity: number }) {
  const translate = useTranslate();
  const percent = percentOf(held, capacity);
  const free = Math.max(0, capacity - held);
  return (
    <Box sx={{ minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 100 ? 'error' : percent >= 85 ? 'warning' : 'primary'}
        aria-label={label}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="caption" component="div">
        {translate('departures.pools.heldFree', { held, capacity, free })}
      </Typography>
    </Box>
  );
}
