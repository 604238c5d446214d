import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { CircleMarker, MapContainer, Marker, Polyline, Popup, TileLayer, Tooltip, useMap } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

/** A coach on the map: its position, the line it drove and what its popup says. */
export type MapCoach = {
  id: number;
  lat: number;
  lon: number;
  label: string;
  track: Array<[number, number]>;
  popup?: ReactNode;
};
/** A stop on the map; `mine` is the traveller's own (a pin), the others small dots. */
export type MapStop = { id: number; lat: number; lon: number; label: string; mine?: boolean; passed?: boolean };

/** Saxony, where nothing is on the map yet. */
const FALLBACK_CENTER: [number, number] = [51.05, 13.0];

/** The bus of MUI's DirectionsBus icon, drawn inline (no marker images or icon fonts to load). */
const BUS_PATH =
  'M4 16c0 .88.39 1.67 1 2.22V20c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h8v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1.78c.61-.55 1-1.34 1-2.22V6c0-3.5-3.58-4-8-4s-8 .5-8 4zm3.5 1c-.83 0-1.5-.67-1.5-1.5S6.67 14 7.5 14s1.5.67 1.5 1.5S8.33 17 7.5 17m9 0c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5m1.5-6H6V6h12z';

/** The coach: a round badge with a bus, in the theme's primary blue. */
const coachIcon = L.divIcon({
  className: 'coach-marker',
  html: `<span style="display:flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:50%;background:#1565c0;border:3px solid #fff;box-shadow:0 1px 6px rgba(0,0,0,.6)"><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path fill="#fff" d="${BUS_PATH}"/></svg></span>`,
  iconSize: [36, 36],
  iconAnchor: [18, 18],
});
const stopIcon = L.divIcon({
  className: 'my-stop-marker',
  html: '<span style="display:block;width:24px;height:24px;border-radius:50% 50% 50% 0;background:#c62828;border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 24],
});

/**
 * Keeps the view on what matters: all points whenever their number changes (the route and coaches become known),
 * then pans along with the followed coach when it leaves the view.
 */
function FollowView({ points, follow }: { points: Array<[number, number]>; follow: [number, number] | null }) {
  const map = useMap();
  // The points as they are now, for the fit below, which runs only when their number changes (not on every move).
  const latest = useRef(points);
  useEffect(() => {
    latest.current = points;
  });
  const count = points.length;
  useEffect(() => {
    const current = latest.current;
    // The container may have got its size after the map started.
    map.invalidateSize();
    if (current.length > 1) map.fitBounds(L.latLngBounds(current), { padding: [36, 36], maxZoom: 13 });
    else if (current[0]) map.setView(current[0], 12);
  }, [map, count]);
  const [lat, lon] = follow ?? [null, null];
  useEffect(() => {
    if (lat === null || lon === null) return;
    if (!map.getBounds().pad(-0.1).contains([lat, lon])) map.panTo([lat, lon]);
  }, [map, lat, lon]);
  return null;
}

/**
 * The coaches and stops on a Leaflet map with the server's tiles (MAP_TILE_URL). Loaded lazily by the screens
 * that show it, so Leaflet is not part of the traveller app's first load.
 */
export default function CoachMap({
  tileUrl,
  coaches,
  stops,
  label,
  height,
  follow,
}: {
  tileUrl: string;
  coaches: readonly MapCoach[];
  stops: readonly MapStop[];
  /** what the map shows, for screen readers (the screen lists the same in text) */
  label: string;
  height: number | { xs: number; sm: number };
  /** pan along with the first coach */
  follow?: boolean;
}) {
  const points = useMemo<Array<[number, number]>>(
    () => [
      ...coaches.map((coach): [number, number] => [coach.lat, coach.lon]),
      ...stops.map((stop): [number, number] => [stop.lat, stop.lon]),
    ],
    [coaches, stops],
  );
  const first = coaches[0];
  return (
    <Box
      role="region"
      aria-label={label}
      data-testid="coach-map"
      sx={{
        height,
        borderRadius: 1,
        overflow: 'hidden',
        '& .coach-marker, & .my-stop-marker': { background: 'none', border: 0 },
        '& .coach-marker': { transition: 'transform .6s ease' },
      }}
    >
      <MapContainer center={points[0] ?? FALLBACK_CENTER} zoom={11} style={{ height: '100%', width: '100%' }}>
        <TileLayer
          url={tileUrl}
          attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
        />
        <FollowView points={points} follow={follow && first ? [first.lat, first.lon] : null} />
        {stops.map((stop) =>
          stop.mine ? (
            <Marker
              key={`stop-${stop.id}`}
              position={[stop.lat, stop.lon]}
              icon={stopIcon}
              title={stop.label}
              alt={stop.label}
            >
              <Tooltip>{stop.label}</Tooltip>
            </Marker>
          ) : (
            <CircleMarker
              key={`stop-${stop.id}`}
              center={[stop.lat, stop.lon]}
              radius={6}
              pathOptions={{ color: '#fff', weight: 2, fillColor: stop.passed ? '#9e9e9e' : '#1565c0', fillOpacity: 1 }}
            >
              <Tooltip>{stop.label}</Tooltip>
            </CircleMarker>
          ),
        )}
        {coaches.map((coach) => (
          <Polyline
            key={`track-${coach.id}`}
            positions={coach.track}
            pathOptions={{ color: '#1565c0', weight: 4, opacity: 0.6 }}
          />
        ))}
        {coaches.map((coach) => (
          <Marker
            key={`coach-${coach.id}`}
            position={[coach.lat, coach.lon]}
            icon={coachIcon}
            title={coach.label}
            alt={coach.label}
          >
            {coach.popup ? <Popup>{coach.popup}</Popup> : <Tooltip>{coach.label}</Tooltip>}
          </Marker>
        ))}
      </MapContainer>
    </Box>
  );
}
