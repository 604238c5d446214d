import { useQuery } from '@tanstack/react-query';
import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { TRAVEL_MENU_CATEGORIES, type TravelMenu } from '@tourdesk/contracts/travel-menu.schema';
import { api } from '../../lib/api-client.ts';
import { useT } from '../../lib/mobile.tsx';
import { euro } from './money.ts';

/**
 * /appuser/TravelMenu (+ /{bookingId}): the on-board menu of the traveller's current journey (or the named
 * booking's), by category, with prices in euro.
 */
function TravelMenuScreen() {
  const t = useT();
  const { id } = useParams();
  const query = useQuery({
    queryKey: ['travel-menu', id ?? 'current'],
    queryFn: () => api<TravelMenu>(`/journey/travel-menu${id ? `?bookingId=${id}` : ''}`),
  });
  if (query.isPending) return <CircularProgress aria-label={t('travelMenu.loading')} />;
  if (query.isError)
    return (
      <>
        <Typography component="h1" variant="h5" gutterBottom>
          {t('mobile.nav.travelMenu')}
        </Typography>
        <Alert severity="info">{t('travelMenu.noTrip')}</Alert>
      </>
    );
  const menu = query.data;
  const categories = TRAVEL_MENU_CATEGORIES.filter((category) => menu.items.some((item) => item.category === category));
  return (
    <Box>
      <Typography component="h1" variant="h5">
        {t('travelMenu.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {menu.journeyTitle}
      </Typography>
      {menu.items.length === 0 ? <Alert severity="info">{t('travelMenu.empty')}</Alert> : null}
      {categories.map((category) => (
        <Box component="section" key={category} sx={{ mb: 3 }} aria-labelledby={`menu-${category}`}>
          <Typography id={`menu-${category}`} component="h2" variant="h6" sx={{ mb: 1 }}>
            {t(`travelMenu.categories.${category}`)}
          </Typography>
          <Paper variant="outlined">
            <List disablePadding>
              {menu.items
                .filter((item) => item.category === category)
                .map((item, index, ofCategory) => (
                  <ListItem key={item.id} divider={index < ofCategory.length - 1} sx={{ alignItems: 'flex-start' }}>
                    <ListItemText
                      primary={item.name}
                      secondary={item.description}
                      slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                    />
                    <Typography sx={{ ml: 2, whiteSpace: 'nowrap', fontWeight: 500 }}>{euro(item.price)}</Typography>
                  </ListItem>
                ))}
            </List>
          </Paper>
        </Box>
      ))}
      {menu.items.length > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('travelMenu.pricesNote')}
        </Typography>
      ) : null}
    </Box>
  );
}

export const TravelMenuPage = TravelMenuScreen;
