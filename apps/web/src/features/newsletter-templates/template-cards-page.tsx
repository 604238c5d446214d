import { Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { NewsletterPreview, NewsletterTemplateCard } from '@tourdesk/contracts/newsletter-templates.schema';
import { api } from '../../lib/api-client.ts';

const THUMB_SCALE = 0.5;

/** A card's design, rendered by the server and shown at half size. */
function CardThumbnail({ card }: { card: NewsletterTemplateCard }) {
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['newsletter-template-card-preview', card.key],
    queryFn: () =>
      api<NewsletterPreview>('/newsletter/templates/preview', {
        method: 'POST',
        body: { mjml: card.mjml, type: card.type },
      }),
    staleTime: Infinity,
  });
  return (
    <Box sx={{ height: 320, overflow: 'hidden', bgcolor: '#f2f0eb', position: 'relative' }}>
      <Box
        component="iframe"
        title={`${translate('nlTemplates.editor.preview')}: ${card.name}`}
        sandbox=""
        srcDoc={data?.html ?? ''}
        tabIndex={-1}
        sx={{
          border: 0,
          width: 600,
          height: 320 / THUMB_SCALE,
          transform: `scale(${THUMB_SCALE})`,
          transformOrigin: 'top left',
          pointerEvents: 'none',
          position: 'absolute',
          left: '50%',
          ml: `-${(600 * THUMB_SCALE) / 2}px`,
        }}
      />
    </Box>
  );
}

/** /newsletter/templates/cards: the fixed starter templates; "use this" opens the create form prefilled. */
export function TemplateCardsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'newsletter/templates', action: 'create' });
  const { data: cards = [] } = useQuery({
    queryKey: ['newsletter-template-cards'],
    queryFn: () => api<NewsletterTemplateCard[]>('/newsletter/templates/cards'),
    staleTime: Infinity,
  });
  const use = (card: NewsletterTemplateCard) =>
    navigate('/newsletter/templates/create', {
      state: { record: { name: card.name, type: card.type, subject: card.subject, mjml: card.mjml } },
    });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('nlTemplates.cards.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('nlTemplates.cards.intro')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
        }}
      >
        {cards.map((card) => (
          <Card component="li" key={card.key} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardThumbnail card={card} />
            <CardContent sx={{ flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                <Typography component="h2" variant="h6">
                  {card.name}
                </Typography>
                <Chip size="small" variant="outlined" label={translate(`nlTemplates.types.${card.type}`)} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {card.description}
              </Typography>
            </CardContent>
            {canCreate ? (
              <CardActions>
                <Button
                  variant="contained"
                  onClick={() => use(card)}
                  aria-label={`${translate('nlTemplates.actions.use')}: ${card.name}`}
                >
                  {translate('nlTemplates.actions.use')}
                </Button>
              </CardActions>
            ) : null}
          </Card>
        ))}
      </Box>
    </Box>
  );
}
