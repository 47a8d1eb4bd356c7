import { lazy } from 'react';
import { route } from '../routes/types';

const LocationsPage = lazy(() => import('./locations/LocationsPage').then((m) => ({ default: m.LocationsPage })));

export const settingsRoutes = [
  route('/settings/locations', 'Locations', 'locations', <LocationsPage />),
  route('/settings/plSettings', 'Private Label Settings', 'privateLabel'),
];
