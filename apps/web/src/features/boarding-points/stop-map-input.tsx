import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useSettings } from '../../lib/settings.ts';

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Saxony, where no position is set yet. */
const FALLBACK_CENTER: [number, number] = [51.05, 13.0];

/** A pin drawn in CSS (no marker images to bundle), in the theme's primary colour. */
const pinIcon = L.divIcon({
  className: 'stop-map-pin',
  html: '<span style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;background:#1565c0;border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function ClickToPlace({ onPlace }: { onPlace: (lat: number, lon: number) => void }) {
  useMapEvents({ click: (event) => onPlace(event.latlng.lat, event.latlng.lng) });
  return null;
}

/**
 * The stop on a map (Leaflet, tiles from the server's MAP_TILE_URL): a click or dragging the pin sets the
 * form's `lat`/`lon`; the number fields next to it are the keyboard's way to the same values.
 */
export function StopMapInput() {
  const translate = useTranslate();
  const { data: settings } = useSettings();
  const { setValue } = useFormContext();
  const lat = useWatch({ name: 'lat' }) as number | null | undefined;
  const lon = useWatch({ name: 'lon' }) as number | null | undefined;
  const placed = typeof lat === 'number' && typeof lon === 'number';
  const tileUrl = typeof settings?.mapTileUrl === 'string' ? settings.mapTileUrl : DEFAULT_TILE_URL;
  // The map opens once at the stop (or over Saxony); later moves of the pin keep the user's view.
  const [center] = useState<[number, number]>(() => (placed ? [lat, lon] : FALLBACK_CENTER));
  const place = (nextLat: number, nextLon: number) => {
    setValue('lat', round(nextLat), { shouldDirty: true });
    setValue('lon', round(nextLon), { shouldDirty: true });
  };
  return (
    <Box sx={{ width: '100%', maxWidth: 760, mb: 2 }}>
      <Typography variant="body2" color="text.secondary" id="stop-map-help" sx={{ mb: 1 }}>
        {translate('boardingPoints.help.map')}
      </Typography>
      <Box
        role="region"
        aria-label={translate('boardingPoints.fields.map')}
        aria-describedby="stop-map-help"
        data-testid="stop-map"
        sx={{
          height: { xs: 260, sm: 360 },
          borderRadius: 1,
          overflow: 'hidden',
          '& .stop-map-pin': { background: 'none', border: 0 },
        }}
      >
        <MapContainer center={center} zoom={placed ? 15 : 8} style={{ height: '100%', width: '100%' }}>
          <TileLayer
            url={tileUrl}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
          />
          <ClickToPlace onPlace={place} />
          {placed ? (
            <Marker
              position={[lat, lon]}
              icon={pinIcon}
              draggable
              title={translate('boardingPoints.fields.pin')}
              eventHandlers={{
                dragend: (event) => {
                  const position = (event.target as L.Marker).getLatLng();
                  place(position.lat, position.lng);
                },
              }}
            />
          ) : null}
        </MapContainer>
      </Box>
    </Box>
  );
}
