import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link, Navigate } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { formatDateTime, TIME_ZONE } from '@tourdesk/contracts/format';
import { useCurrentUser, visibleMenu } from '../layout/app-menu.tsx';
import { FEATURES } from '../features/index.ts';
import { mobileHome } from '../lib/mobile.tsx';
import { useCapabilitiesVersion } from '../lib/capabilities.ts';

/** Morning until 11, afternoon until 18, evening after (Europe/Berlin). */
export function greetingKey(now = new Date()): 'morning' | 'afternoon' | 'evening' {
  const hour = Number(
    new Intl.DateTimeFormat('de-DE', { hour: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }).format(now),
  );
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 18) return 'afternoon';
  return 'evening';
}

/** The home page: a greeting and shortcuts to everything the user's role may open. */
export function Dashboard() {
  const translate = useTranslate();
  const user = useCurrentUser();
  useCapabilitiesVersion();
  // Travellers and drivers start in their app, when it has a screen for them.
  const home = user?.kind === 'app' ? mobileHome(FEATURES, user) : null;
  // A tile for every screen the user can use, unless its feature keeps it out of the dashboard.
  const groups = visibleMenu(user)
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => entry.tile !== false) }))
    .filter((group) => group.entries.length > 0);
  if (home) return <Navigate to={home} replace />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.dashboard.title')} />
      <Typography variant="h5" component="h2" gutterBottom>
        {translate(`app.dashboard.greeting.${greetingKey()}`, { name: user?.firstname ?? '' })}
      </Typography>
      {user?.lastLogin ? (
        <Typography color="text.secondary" gutterBottom>
          {translate('app.userMenu.lastLogin', { date: formatDateTime(user.lastLogin) })}
        </Typography>
      ) : null}
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.dashboard.shortcuts')}
      </Typography>
      {groups.length === 0 ? (
        <Typography color="text.secondary">{translate('app.dashboard.nothing')}</Typography>
      ) : null}
      {groups.map((group) => (
        <Box key={group.key} component="section" sx={{ mb: 3 }} aria-label={translate(`menu.groups.${group.key}`)}>
          <Typography variant="overline" component="h3" color="text.secondary">
            {translate(`menu.groups.${group.key}`)}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
            {group.entries.map((entry) => {
              const Icon = entry.icon;
              return (
                <Card key={entry.key} variant="outlined">
                  <CardActionArea component={Link} to={entry.to} sx={{ height: '100%' }}>
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                      <Icon color="primary" />
                      <Typography variant="body2">{translate(`menu.items.${entry.key}`)}</Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
