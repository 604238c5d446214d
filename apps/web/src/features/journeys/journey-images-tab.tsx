import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Stand-in for the images tab (upload, order, caption, copyright) that the journey-images branch provides:
 * a journey must be saved before pictures can belong to it.
 */
export function JourneyImagesTab({ journeyId }: { journeyId: number }) {
  const translate = useTranslate();
  if (journeyId) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('journeys.help.imagesSaveFirst')}
    </Typography>
  );
}
