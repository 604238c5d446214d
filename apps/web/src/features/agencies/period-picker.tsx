import { useState } from 'react';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, IconButton, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '@tourdesk/contracts/format';
import {
  PERIOD_KINDS,
  customPeriod,
  periodName,
  periodRange,
  shiftPeriod,
  switchKind,
  type Period,
  type PeriodKind,
} from './commission-period.ts';

/**
 * Chooses a period: month, quarter or year with steps back and forth (the days shown as DD.MM.YYYY), or a range
 * typed by hand. `idPrefix` keeps the ids apart when two pickers share a page.
 */
export function PeriodPicker({
  value,
  onChange,
  idPrefix,
}: {
  value: Period;
  onChange: (period: Period) => void;
  idPrefix: string;
}) {
  const translate = useTranslate();
  const [fromText, setFromText] = useState(formatDate(value.from));
  const [toText, setToText] = useState(formatDate(value.to));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const choose = (kind: PeriodKind) => {
    const next = switchKind(value, kind);
    setFromText(formatDate(next.from));
    setToText(formatDate(next.to));
    setErrors({});
    onChange(next);
  };
  const step = (steps: number) => {
    const next = shiftPeriod(value, steps);
    setFromText(formatDate(next.from));
    setToText(formatDate(next.to));
    onChange(next);
  };
  const applyTyped = (from: string, to: string) => {
    const typed = customPeriod(from, to);
    setErrors(typed.errors ?? {});
    if (typed.period) onChange(typed.period);
  };
  const name = periodName(value);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value.kind}
        onChange={(_, kind: PeriodKind | null) => kind && choose(kind)}
        aria-label={translate('agencies.period.kind')}
        sx={{ flexWrap: 'wrap' }}
      >
        {PERIOD_KINDS.map((kind) => (
          <ToggleButton key={kind} value={kind} data-testid={`${idPrefix}-kind-${kind}`}>
            {translate(`agencies.period.kinds.${kind}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {value.kind === 'custom' ? (
        <Stack direction="row" spacing={1}>
          <TextField
            id={`${idPrefix}-from`}
            size="small"
            label={translate('agencies.period.from')}
            placeholder={translate('app.date.placeholder')}
            value={fromText}
            onChange={(event) => setFromText(event.target.value)}
            onBlur={() => applyTyped(fromText, toText)}
            error={Boolean(errors.from)}
            helperText={errors.from ? translate(errors.from) : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 150 }}
          />
          <TextField
            id={`${idPrefix}-to`}
            size="small"
            label={translate('agencies.period.to')}
            placeholder={translate('app.date.placeholder')}
            value={toText}
            onChange={(event) => setToText(event.target.value)}
            onBlur={() => applyTyped(fromText, toText)}
            error={Boolean(errors.to)}
            helperText={errors.to ? translate(errors.to) : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 150 }}
          />
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton onClick={() => step(-1)} aria-label={translate(`agencies.period.previous.${value.kind}`)}>
            <ChevronLeftIcon />
          </IconButton>
          <Box sx={{ minWidth: 170, textAlign: 'center' }}>
            <Typography variant="subtitle1" component="p" data-testid={`${idPrefix}-name`} aria-live="polite">
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {periodRange(value)}
            </Typography>
          </Box>
          <IconButton onClick={() => step(1)} aria-label={translate(`agencies.period.next.${value.kind}`)}>
            <ChevronRightIcon />
          </IconButton>
        </Stack>
      )}
    </Stack>
  );
}
