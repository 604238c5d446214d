import type { PublicSettings } from '@tourdesk/contracts';
import { useFetch } from './use-fetch.ts';

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The map tiles' URL from the server's settings (MAP_TILE_URL), as the boarding points' map uses it; read
 * without react-admin and react-query, so the phone screens can use it too.
 */
export function useTileUrl(): string {
  const { data } = useFetch<PublicSettings>('/settings-public');
  return typeof data?.mapTileUrl === 'string' ? data.mapTileUrl : DEFAULT_TILE_URL;
}
