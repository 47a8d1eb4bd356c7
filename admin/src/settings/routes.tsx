import { lazy } from 'react';
import { route } from '../routes/types';

const UsersPermissionsPage = lazy(() => import('./users/UsersPermissionsPage').then((m) => ({ default: m.UsersPermissionsPage })));
const PrivateLabelPage = lazy(() => import('./private-label/PrivateLabelPage').then((m) => ({ default: m.PrivateLabelPage })));
const LocationsPage = lazy(() => import('./locations/LocationsPage').then((m) => ({ default: m.LocationsPage })));

export const settingsRoutes = [
  route('/settings/locations', 'Locations', 'locations', <LocationsPage />),
  route('/settings/users', 'Users and Permissions', 'usersPermissions', <UsersPermissionsPage />),
  route('/settings/plSettings', 'Private Label Settings', 'privateLabel', <PrivateLabelPage />),
];
