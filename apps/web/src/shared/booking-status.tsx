import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BookingStatus } from '@tourdesk/contracts/bookings.schema';

/** The colour of each booking status, the same on every screen that shows one. */
export const BOOKING_STATUS_COLORS: Record<BookingStatus, ChipProps['color']> = {
  draft: 'default',
  request: 'info',
  option: 'warning',
  waitlist: 'secondary',
  firm: 'success',
  cancelled: 'error',
  processing: 'primary',
};

/** A booking's status as a small chip with a coloured border and its name in the user's language. */
export function BookingStatusChip({ status }: { status: BookingStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={BOOKING_STATUS_COLORS[status]}
      // The colour marks the border; the text keeps the theme's contrast (orange text fails WCAG AA).
      sx={{ color: 'text.primary' }}
      label={translate(`bookingStatus.${status}`)}
    />
  );
}
