import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type CreateSeatPlanBody, type SeatPlanTemplateItem } from '@tourdesk/contracts/seat-plans.schema';
import { api } from '../../lib/api-client.ts';
import { emptyLayout } from './seat-layout-editing.ts';
import { GridSizeFields } from './seat-layout-input.tsx';

/**
 * The first step of a new seat plan: one of the standard coaches (49, 57 and 19 seats, a double-decker) or an
 * empty grid of chosen rows × columns (13 × 5 to begin with). The plan is named after its template, in the
 * user's language.
 */
export function SeatPlanStart({ onStart }: { onStart: (plan: CreateSeatPlanBody) => void }) {
  const translate = useTranslate();
  const [rows, setRows] = useState(13);
  const [cols, setCols] = useState(5);
  const { data: templates = [] } = useQuery({
    queryKey: ['seat-plans', 'templates'],
    queryFn: () => api<SeatPlanTemplateItem[]>('/seat-plans/templates'),
    staleTime: Infinity,
  });
  return (
    <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Title title={translate('seatPlans.start.title')} />
      <Box component="section" aria-labelledby="seat-plan-templates">
        <Typography id="seat-plan-templates" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('seatPlans.start.templates')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
          {templates.map((template) => {
            // The server names its templates in German; the user's language has its own names for them.
            const name = translate(`seatPlans.templates.${template.key}`, { _: template.name });
            return (
              <Card key={template.key} variant="outlined">
                <CardActionArea
                  onClick={() => onStart({ name, description: null, layout: structuredClone(template.layout) })}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Typography variant="subtitle1" component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" component="span">
                      {translate('seatPlans.editor.seatCount', { smart_count: template.seat_count })}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            );
          })}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="seat-plan-empty">
        <Typography id="seat-plan-empty" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('seatPlans.start.empty')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <GridSizeFields
            rows={rows}
            cols={cols}
            onChange={(nextRows, nextCols) => {
              setRows(nextRows);
              setCols(nextCols);
            }}
            width={100}
          />
          <Button
            variant="contained"
            onClick={() => onStart({ name: '', description: null, layout: emptyLayout(rows, cols) })}
          >
            {translate('seatPlans.start.startEmpty')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
