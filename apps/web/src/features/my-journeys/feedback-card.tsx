import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/StarRate';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { hasAnyPermission } from '@tourdesk/contracts/permissions';
import { useMobileUser, useT } from '../../lib/mobile.tsx';
import { feedbackOfTrip, fetchMySurveys, mySurveysKey, surveyPath } from '../../shared/my-surveys.ts';

/**
 * "Reise bewerten" on a past journey (issue #16): shown while the journey's feedback survey waits for the
 * traveller's answer; it leads to the survey screen (features/survey-answers).
 */
export function FeedbackCard({ bookingId }: { bookingId: number }) {
  const t = useT();
  const user = useMobileUser();
  const allowed = hasAnyPermission(user.permissions, ['pushmessage-read']);
  const surveys = useQuery({ queryKey: mySurveysKey, queryFn: fetchMySurveys, enabled: allowed });
  const survey = surveys.data ? feedbackOfTrip(surveys.data, bookingId) : undefined;
  if (!survey) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="feedback-title" sx={{ borderColor: 'primary.main' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="feedback-title" component="h2" variant="h6">
            {t('myJourneys.feedback.title')}
          </Typography>
          <Typography variant="body2">{t('myJourneys.feedback.text')}</Typography>
          <Button
            component={RouterLink}
            to={surveyPath(survey)}
            variant="contained"
            startIcon={<StarIcon />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('myJourneys.feedback.start')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
