import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CronRunOutcome } from '@tourdesk/contracts';
import { OUTCOME_COLOR } from './cronjob-text.ts';

/** A run's outcome as a coloured chip (running, ok, failed). */
export function OutcomeChip({ outcome }: { outcome: CronRunOutcome | null }) {
  const translate = useTranslate();
  if (outcome === null) return null;
  return (
    <Chip
      size="small"
      color={OUTCOME_COLOR[outcome]}
      variant={outcome === 'running' ? 'outlined' : 'filled'}
      label={translate(`cronjobs.outcome.${outcome}`)}
    />
  );
}
