import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The choices of an active/inactive filter, labelled `<prefix>.true` / `<prefix>.false`. */
export const activeChoices = (prefix: string) => [
  { id: 'true', name: `${prefix}.true` },
  { id: 'false', name: `${prefix}.false` },
];

/** A record's active state as a chip, labelled `<prefix>.true` / `<prefix>.false`. */
export function ActiveChip({ active, prefix }: { active: unknown; prefix: string }) {
  const translate = useTranslate();
  const on = active === true;
  return (
    <Chip
      size="small"
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      label={translate(`${prefix}.${String(on)}`)}
    />
  );
}
