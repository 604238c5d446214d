import { Typography, type TypographyProps } from '@mui/material';
import { useRecordContext, type FieldProps } from 'react-admin';
import { formatDate, formatDateTime, formatPrice, truncate } from '@tourdesk/contracts/format';

type ValueFieldProps = FieldProps & { source: string };

const valueOf = (record: Record<string, unknown> | undefined, source: string): unknown =>
  source
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      record,
    );

function Text({ children, ...props }: TypographyProps) {
  return (
    <Typography component="span" variant="body2" {...props}>
      {children}
    </Typography>
  );
}

/** A date as DD.MM.YYYY (spec §9). */
export function DateTextField({ source }: ValueFieldProps) {
  const record = useRecordContext();
  return <Text>{formatDate(valueOf(record, source) as string | null)}</Text>;
}

/** A timestamp as DD.MM.YYYY HH:mm in Europe/Berlin. */
export function DateTimeTextField({ source }: ValueFieldProps) {
  const record = useRecordContext();
  return <Text>{formatDateTime(valueOf(record, source) as string | null)}</Text>;
}

/** A price in euro, German format, two decimals. */
export function PriceField({ source }: ValueFieldProps) {
  const record = useRecordContext();
  return <Text sx={{ whiteSpace: 'nowrap' }}>{formatPrice(valueOf(record, source) as number | null)}</Text>;
}

/** A long text cut at `max` characters with "...", the full text as tooltip. */
export function TruncatedTextField({ source, max = 60 }: ValueFieldProps & { max?: number }) {
  const record = useRecordContext();
  const value = valueOf(record, source);
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return <Text title={text.length > max ? text : undefined}>{truncate(text, max)}</Text>;
}
