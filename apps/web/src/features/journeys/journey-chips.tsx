import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { BOOKABLE_COLORS, CATALOG_STATE_COLORS } from './journey-choices.ts';

/** The catalog state as a coloured chip: grey (no status) through blue and orange to green (trip set). */
export function CatalogStateChip() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const state = Number(record.catalog_state);
  return (
    <Chip
      size="small"
      color={CATALOG_STATE_COLORS[state] ?? 'default'}
      label={translate(`journeys.catalogStates.${state}`)}
    />
  );
}

/** The bookable status as a chip: bookable green, on request orange, not bookable red. */
export function BookableChip() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const state = Number(record.bookable);
  return (
    <Chip
      size="small"
      color={BOOKABLE_COLORS[state] ?? 'default'}
      label={translate(`journeys.bookableStates.${state}`)}
    />
  );
}

/** Online or offline, as a chip (outlined when offline). */
export function OnlineChip() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const online = Boolean(record.online);
  return (
    <Chip
      size="small"
      variant={online ? 'filled' : 'outlined'}
      color={online ? 'success' : 'default'}
      label={translate(`journeys.online.${online}`)}
    />
  );
}
